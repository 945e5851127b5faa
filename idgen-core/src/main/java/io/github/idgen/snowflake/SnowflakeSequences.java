package io.github.idgen.snowflake;

import io.github.idgen.SequenceBackend;

/**
 * The Snowflake backend: creates a {@link SnowflakeSequence} per name over the one
 * {@link SnowflakeWorker} of the instance, so that every name shares its ID space. It is
 * available while the worker is ({@link SnowflakeWorker#checkAvailable()}), and closing
 * it closes the worker. For each kind of worker:
 * <ul>
 * <li>{@code new SnowflakeSequences(new SnowflakeGenerator(layout, workerId, ...))}: a
 * static worker ID, always available, nothing to close;</li>
 * <li>{@code new SnowflakeSequences(new StateFileWorker(file, layout, workerId, ...))}:
 * unavailable while the horizon in the state file is not renewed; closing stores the last
 * millisecond;</li>
 * <li>{@code new SnowflakeSequences(LeasedWorker.lease(store, settings, observer))}:
 * unavailable while the lease is not known valid; closing releases the lease.</li>
 * </ul>
 */
public class SnowflakeSequences implements SequenceBackend, AutoCloseable {

	private final SnowflakeWorker worker;

	/**
	 * Create the backend of a worker.
	 * @param worker the worker of this instance, which the backend closes
	 * @throws IllegalArgumentException if the worker is {@code null}
	 */
	public SnowflakeSequences(SnowflakeWorker worker) {
		if (worker == null) {
			throw new IllegalArgumentException("worker must not be null");
		}
		this.worker = worker;
	}

	@Override
	public SnowflakeSequence create(String name) {
		return new SnowflakeSequence(name, this.worker);
	}

	/**
	 * Check that the worker can issue IDs now.
	 * @throws io.github.idgen.IdGenerationException if it cannot, with the reason
	 */
	@Override
	public void checkAvailable() {
		this.worker.checkAvailable();
	}

	/**
	 * Close the worker: store its last millisecond or release its lease, if it has one.
	 */
	@Override
	public void close() {
		this.worker.close();
	}

}
