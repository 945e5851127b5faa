/**
 * The Snowflake backend: IDs composed of a millisecond timestamp, a datacenter and worker
 * ID and a per-millisecond sequence, as a {@link io.github.idgen.snowflake.BitLayout}
 * defines them, generated in memory.
 * <p>
 * Every instance has one {@link io.github.idgen.snowflake.SnowflakeWorker}, the one
 * interface of its ID sources: a bare
 * {@link io.github.idgen.snowflake.SnowflakeGenerator}; a
 * {@link io.github.idgen.snowflake.StateFileWorker}, which keeps the last timestamp of a
 * static worker ID in a local file across restarts; or a
 * {@link io.github.idgen.snowflake.LeasedWorker}, which leases its worker ID from a
 * {@link io.github.idgen.worker.WorkerLeaseStore}, renews it and fences every ID.
 * {@link io.github.idgen.snowflake.LeasedWorker} belongs here rather than in
 * {@code worker} because it issues IDs: it owns the generator of each lease and checks
 * every ID it composed. A {@link io.github.idgen.snowflake.SnowflakeSequence} per name
 * draws from the worker, and {@link io.github.idgen.snowflake.SnowflakeSequences} is the
 * runtime wiring of a worker as a {@link io.github.idgen.SequenceBackend}.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.worker} (the worker IDs
 * and the lease store SPI), {@code io.github.idgen.background} (what runs heartbeats and
 * renewals), the JDK and SLF4J. No store implementation, no database client.
 */
package io.github.idgen.snowflake;
