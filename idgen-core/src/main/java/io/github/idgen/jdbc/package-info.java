/**
 * Stores on a relational database, through plain JDBC: the
 * {@link io.github.idgen.jdbc.JdbcSegmentStore} (one counter row per sequence), the
 * {@link io.github.idgen.jdbc.JdbcCounterFloor}, a durable floor for the Redis
 * counter-loss guard in the same table, and the
 * {@link io.github.idgen.jdbc.JdbcWorkerLeaseStore}, which leases Snowflake worker IDs;
 * with their SQL dialects, their schema scripts and the checks of existing tables
 * ({@code TableShape}, {@code NameColumn}).
 * <p>
 * Dependencies: {@code io.github.idgen}, the SPIs of {@code segment} and {@code worker},
 * the {@link io.github.idgen.redis.CounterFloor} interface of {@code redis} (which it
 * implements; nothing else of Redis) and the JDK ({@code java.sql}, {@code javax.sql}).
 * No JDBC driver and no Spring.
 */
package io.github.idgen.jdbc;
