/**
 * The Snowflake backend: IDs composed of a millisecond timestamp, a datacenter and
 * worker ID and a per-millisecond sequence, generated in memory by one
 * {@link io.github.idgen.snowflake.SnowflakeGenerator} per worker.
 */
package io.github.idgen.snowflake;
