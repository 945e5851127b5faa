package io.github.idgen.worker;

/**
 * A {@link WorkerIdSource} that returns a configured worker ID. Each instance must be
 * given a worker ID of its own.
 */
public final class StaticWorkerIdSource implements WorkerIdSource {

	private final WorkerId workerId;

	/**
	 * Create a source that returns {@code workerId}.
	 * @param layout the layout the worker ID must fit
	 * @param workerId the worker ID
	 * @throws IllegalArgumentException if the worker ID does not fit the layout
	 */
	public StaticWorkerIdSource(WorkerIdSpace layout, WorkerId workerId) {
		if (layout == null) {
			throw new IllegalArgumentException("layout must not be null");
		}
		layout.checkFits(workerId);
		this.workerId = workerId;
	}

	@Override
	public WorkerId workerId() {
		return this.workerId;
	}

}
