/**
 * The {@code time} mode of the Redis backend: IDs composed of a Redis node's clock, a
 * shard and a per-millisecond sequence that a Lua script reserves on one of several Redis
 * nodes, as a {@link io.github.idgen.redis.time.RedisTimeLayout} defines them.
 * <p>
 * Dependencies: {@code io.github.idgen} (including the bit arithmetic it shares with the
 * Snowflake layout, {@link io.github.idgen.BitFields}), Spring Data Redis, the JDK and
 * SLF4J. Nothing of the other Redis modes in {@code io.github.idgen.redis}, and nothing
 * of {@code snowflake}.
 */
package io.github.idgen.redis.time;
