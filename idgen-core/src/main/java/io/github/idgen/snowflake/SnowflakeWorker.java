package io.github.idgen.snowflake;

import java.time.Duration;
import java.util.Map;

import io.github.idgen.worker.WorkerId;

/**
 * The source of the Snowflake IDs of one instance: a bare {@link SnowflakeGenerator}, a
 * {@link StateFileWorker} that also keeps its last timestamp in a file across restarts,
 * or a {@link LeasedWorker} whose worker ID is leased from a store. Every
 * {@link SnowflakeSequence} of an instance draws from one worker, and
 * {@link SnowflakeSequences} serves them as a backend. Implementations are thread-safe.
 */
public interface SnowflakeWorker extends AutoCloseable {

	/**
	 * Return the next ID.
	 * @return an ID greater than every ID this worker issued before
	 * @throws io.github.idgen.IdGenerationException if no ID can be issued now, with the
	 * reason
	 */
	long nextId();

	/**
	 * Return {@code count} IDs in one call.
	 * @param count the number of IDs, from 1 to
	 * {@link io.github.idgen.Sequence#MAX_BATCH_SIZE}
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

	/**
	 * Return what describes this worker in the info of its sequences, such as its worker
	 * ID and layout, for monitoring.
	 * @return name-value pairs fit for JSON, in the order to show them
	 */
	Map<String, Object> info();

	/**
	 * Check that IDs can be issued now. A bare generator always can.
	 * @throws io.github.idgen.IdGenerationException if they cannot, with the reason
	 */
	default void checkAvailable() {
	}

	/**
	 * Release what the worker holds, such as its worker ID or its state file. From then
	 * on a worker that held something issues no ID. A bare generator holds nothing.
	 */
	@Override
	default void close() {
	}

}
