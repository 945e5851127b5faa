/**
 * Stores on Redis, through Spring Data Redis, standalone or Redis Cluster: the
 * {@link io.github.idgen.redis.RedisSegmentStore} (segment mode), the
 * {@link io.github.idgen.redis.RedisIncrementSequence} (increment mode), their keys and
 * their guard against lost counters, with an optional durable
 * {@link io.github.idgen.redis.CounterFloor}.
 */
package io.github.idgen.redis;
