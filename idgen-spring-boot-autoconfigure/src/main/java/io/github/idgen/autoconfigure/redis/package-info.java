/**
 * The idgen Redis backend: {@code idgen.redis}, counters in the application's Redis
 * served per sequence in segment, increment or time mode, its counter-loss defences, and
 * worker ID leases in Redis. Depends on the root auto-configuration package, idgen-core's
 * {@code redis} packages and Spring Data Redis; only
 * {@link io.github.idgen.autoconfigure.redis.RedisTimeNodeConnections} touches Lettuce.
 */
package io.github.idgen.autoconfigure.redis;
