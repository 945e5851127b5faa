package io.github.idgen.segment;

import java.time.Duration;

/**
 * Adapts the size of the next segment to the load, following Meituan Leaf's rule within
 * bounds: when the previous segment lasted less than {@code segmentDuration} the step
 * doubles, when it lasted more than twice that the step halves, otherwise it stays. The
 * result always lies within {@code [minStep, maxStep]}.
 *
 * @param minStep the smallest step, at least 1
 * @param maxStep the largest step, at least {@code minStep}
 * @param segmentDuration how long one segment should last, positive
 */
public record StepPolicy(long minStep, long maxStep, Duration segmentDuration) {

	/**
	 * Create a policy, checking its bounds.
	 * @param minStep the smallest step
	 * @param maxStep the largest step
	 * @param segmentDuration how long one segment should last
	 */
	public StepPolicy {
		if (minStep < 1) {
			throw new IllegalArgumentException("minStep must be at least 1 but was " + minStep);
		}
		if (maxStep < minStep) {
			throw new IllegalArgumentException(
					"maxStep (" + maxStep + ") must not be less than minStep (" + minStep + ")");
		}
		if (segmentDuration == null || segmentDuration.isNegative() || segmentDuration.isZero()) {
			throw new IllegalArgumentException("segmentDuration must be positive but was " + segmentDuration);
		}
	}

	/**
	 * Return the step of the next segment.
	 * @param step the step of the previous segment
	 * @param lasted how long the previous segment lasted
	 * @return the next step, within {@code [minStep, maxStep]}
	 */
	public long nextStep(long step, Duration lasted) {
		long next = step;
		if (lasted.compareTo(this.segmentDuration) < 0) {
			next = (step > Long.MAX_VALUE / 2) ? Long.MAX_VALUE : step * 2;
		}
		else if (lasted.compareTo(this.segmentDuration.multipliedBy(2)) > 0) {
			next = step / 2;
		}
		return Math.max(this.minStep, Math.min(this.maxStep, next));
	}

}
