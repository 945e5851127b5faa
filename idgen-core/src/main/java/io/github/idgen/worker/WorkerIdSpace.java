package io.github.idgen.worker;

import io.github.idgen.BitFields;

/**
 * The worker IDs that a layout has room for: its datacenter and worker bits. A
 * {@link WorkerIdSource} checks the worker ID it returns against it; the Snowflake
 * {@code BitLayout} is one, so that this package needs nothing of the package that
 * generates the IDs.
 */
public interface WorkerIdSpace {

	/**
	 * Return the number of bits of the datacenter ID.
	 * @return the datacenter bits, 0 if every worker ID is in datacenter 0
	 */
	int datacenterBits();

	/**
	 * Return the number of bits of the worker ID.
	 * @return the worker bits, at least 1
	 */
	int workerBits();

	/**
	 * Return the largest datacenter ID.
	 * @return {@code 2^datacenterBits - 1}, 0 without datacenter bits
	 */
	default int maxDatacenterId() {
		return BitFields.maxInt(datacenterBits());
	}

	/**
	 * Return the largest worker ID.
	 * @return {@code 2^workerBits - 1}
	 */
	default int maxWorkerId() {
		return BitFields.maxInt(workerBits());
	}

	/**
	 * Check that a worker ID fits this space.
	 * @param workerId the worker ID
	 * @throws IllegalArgumentException if its datacenter or worker is out of range,
	 * naming the range and the bits
	 */
	default void checkFits(WorkerId workerId) {
		if (workerId == null) {
			throw new IllegalArgumentException("workerId must not be null");
		}
		if (workerId.datacenter() > maxDatacenterId()) {
			throw new IllegalArgumentException("datacenter must lie within [0, " + maxDatacenterId() + "] ("
					+ datacenterBits() + " datacenter bits) but was " + workerId.datacenter());
		}
		if (workerId.worker() > maxWorkerId()) {
			throw new IllegalArgumentException("worker must lie within [0, " + maxWorkerId() + "] (" + workerBits()
					+ " worker bits) but was " + workerId.worker());
		}
	}

}
