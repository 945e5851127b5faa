/**
 * The Snowflake backend: IDs composed of a millisecond timestamp, a datacenter and
 * worker ID and a per-millisecond sequence, generated in memory by one
 * {@link io.github.idgen.snowflake.SnowflakeGenerator} per worker; a
 * {@link io.github.idgen.snowflake.StateFileWorker} keeps the last timestamp of a worker
 * ID without a lease in a local file across restarts.
 */
package io.github.idgen.snowflake;
