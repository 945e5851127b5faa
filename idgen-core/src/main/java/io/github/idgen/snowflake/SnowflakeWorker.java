package io.github.idgen.snowflake;

import java.time.Duration;

/**
 * Issues the Snowflake IDs of one worker ID: a bare {@link SnowflakeGenerator}, or a
 * {@link StateFileWorker} that also keeps its last timestamp in a file across restarts.
 * Every {@link SnowflakeSequence} of an instance draws from one worker.
 */
public interface SnowflakeWorker {

	/**
	 * Return the next ID.
	 * @return an ID greater than every ID this worker issued before
	 * @throws io.github.idgen.IdGenerationException if no ID can be issued now, with the
	 * reason
	 */
	long nextId();

	/**
	 * Return {@code count} IDs in one call.
	 * @param count the number of IDs, at least 1
	 * @return the IDs in ascending order, each greater than every ID this worker issued
	 * before
	 * @throws io.github.idgen.IdGenerationException if no ID can be issued now, with the
	 * reason
	 */
	long[] nextIds(int count);

	/**
	 * Return the worker ID that every ID of this worker holds.
	 * @return the worker ID
	 */
	WorkerId workerId();

	/**
	 * Return the layout of the IDs.
	 * @return the layout
	 */
	BitLayout layout();

	/**
	 * Return how long this worker can still issue IDs by its clock, until the timestamp
	 * bits of its layout run out.
	 * @return the remaining lifetime, zero once it has passed
	 */
	Duration remainingLifetime();

}
