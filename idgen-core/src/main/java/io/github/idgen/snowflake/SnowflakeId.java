package io.github.idgen.snowflake;

import java.time.Instant;

/**
 * The fields of a Snowflake ID, as {@link BitLayout#decode(long)} returns them.
 *
 * @param timestamp the millisecond in which the ID was generated
 * @param datacenter the datacenter ID of the generator, 0 if the layout has no datacenter
 * bits
 * @param worker the worker ID of the generator
 * @param sequence the sequence value that tells the IDs of one millisecond and worker
 * apart
 */
public record SnowflakeId(Instant timestamp, int datacenter, int worker, long sequence) {

}
