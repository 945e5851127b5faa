/**
 * The {@code time} mode of the Redis backend: IDs composed of a Redis node's clock, a
 * shard and a per-millisecond sequence that a Lua script reserves on one of several
 * Redis nodes.
 */
package io.github.idgen.redis.time;
