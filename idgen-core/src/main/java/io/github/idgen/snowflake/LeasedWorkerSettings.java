package io.github.idgen.snowflake;

import java.time.Duration;

import io.github.idgen.worker.WorkerId;

/**
 * How a {@link LeasedWorker} leases its worker ID and issues IDs.
 *
 * @param layout the layout of the IDs
 * @param datacenter the datacenter ID, fixed for this instance, 0 if the layout has no
 * datacenter bits
 * @param ttl how long a lease lives without renewal
 * @param safetyMargin how long before the lease's end the worker stops issuing IDs, in
 * {@code [0, ttl)}
 * @param maxBackwardWait how far the clock may move backwards and still be waited out
 */
public record LeasedWorkerSettings(BitLayout layout, int datacenter, Duration ttl, Duration safetyMargin,
		Duration maxBackwardWait) {

	/**
	 * Create settings, checking every value.
	 * @param layout the layout of the IDs
	 * @param datacenter the datacenter ID, which must fit the layout
	 * @param ttl how long a lease lives without renewal
	 * @param safetyMargin how long before the lease's end the worker stops issuing IDs
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @throws IllegalArgumentException if a value is not valid, naming it and the reason
	 */
	public LeasedWorkerSettings {
		if (layout == null) {
			throw new IllegalArgumentException("layout must not be null");
		}
		layout.checkFits(new WorkerId(datacenter, 0));
		if (ttl == null) {
			throw new IllegalArgumentException("ttl must not be null");
		}
		if (safetyMargin == null || safetyMargin.isNegative() || safetyMargin.compareTo(ttl) >= 0) {
			throw new IllegalArgumentException(
					"safetyMargin must lie within [0, ttl) = [0, " + ttl + ") but was " + safetyMargin);
		}
		if (maxBackwardWait == null || maxBackwardWait.isNegative()) {
			throw new IllegalArgumentException(
					"maxBackwardWait must not be null or negative but was " + maxBackwardWait);
		}
	}

	/**
	 * Return how long after a renewal is sent the lease is known valid: the ttl less the
	 * safety margin.
	 * @return the validity of a renewal
	 */
	Duration validity() {
		return this.ttl.minus(this.safetyMargin);
	}

}
