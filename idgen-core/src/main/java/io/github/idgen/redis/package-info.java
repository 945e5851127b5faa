/**
 * Stores on Redis, through Spring Data Redis, standalone or Redis Cluster: the
 * {@link io.github.idgen.redis.RedisSegmentStore} (segment mode, also a stripe store of
 * {@link io.github.idgen.segment.striped.StripedSegmentStore}), the
 * {@link io.github.idgen.redis.RedisIncrementSequence} (increment mode), their keys and
 * their guard against lost counters, with an optional durable
 * {@link io.github.idgen.redis.CounterFloor}, and the
 * {@link io.github.idgen.redis.RedisWorkerLeaseStore}, which leases Snowflake worker IDs.
 * The {@code time} mode is in {@code io.github.idgen.redis.time}.
 * <p>
 * Dependencies: {@code io.github.idgen}, the SPIs of {@code segment},
 * {@code segment.striped} and {@code worker}, Spring Data Redis, the JDK and SLF4J.
 */
package io.github.idgen.redis;
