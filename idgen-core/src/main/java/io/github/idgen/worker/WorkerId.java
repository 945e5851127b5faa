package io.github.idgen.worker;

/**
 * The identity of a Snowflake generator within the ID space: its datacenter and its
 * worker. No two generators that run at the same time with the same layout and epoch may
 * share a worker ID, or they can issue the same IDs.
 *
 * @param datacenter the datacenter ID, 0 if the layout has no datacenter bits
 * @param worker the worker ID
 * @see WorkerIdSpace#checkFits(WorkerId)
 */
public record WorkerId(int datacenter, int worker) {

	/**
	 * Create a worker ID, checking that neither part is negative.
	 * @param datacenter the datacenter ID, 0 if the layout has no datacenter bits
	 * @param worker the worker ID
	 * @throws IllegalArgumentException if a part is negative
	 */
	public WorkerId {
		if (datacenter < 0) {
			throw new IllegalArgumentException("datacenter must not be negative but was " + datacenter);
		}
		if (worker < 0) {
			throw new IllegalArgumentException("worker must not be negative but was " + worker);
		}
	}

	/**
	 * Return the worker ID {@code worker} in datacenter 0, for layouts without datacenter
	 * bits.
	 * @param worker the worker ID
	 * @return the worker ID
	 * @throws IllegalArgumentException if the worker is negative
	 */
	public static WorkerId of(int worker) {
		return new WorkerId(0, worker);
	}

}
