package io.github.idgen.segment;

import java.time.Duration;

/**
 * How the segment engine serves one sequence.
 *
 * @param start the first ID of the sequence, used when its counter is created, at least 1
 * @param step the size of the first segment, within the step policy's bounds
 * @param stepPolicy how later segments are sized
 * @param prefetchAt the fraction of a segment, in {@code [0, 1)}, after whose use the next
 * segment is fetched in the background
 * @param fetchTimeout how long a caller waits for a segment when none is left, positive
 */
public record SegmentSettings(long start, long step, StepPolicy stepPolicy, double prefetchAt,
		Duration fetchTimeout) {

	/**
	 * Create settings, checking every value.
	 * @param start the first ID of the sequence
	 * @param step the size of the first segment
	 * @param stepPolicy how later segments are sized
	 * @param prefetchAt the fraction of a segment after whose use the next is fetched
	 * @param fetchTimeout how long a caller waits for a segment when none is left
	 */
	public SegmentSettings {
		if (start < 1) {
			throw new IllegalArgumentException("start must be at least 1 but was " + start);
		}
		if (stepPolicy == null) {
			throw new IllegalArgumentException("stepPolicy must not be null");
		}
		if (step < stepPolicy.minStep() || step > stepPolicy.maxStep()) {
			throw new IllegalArgumentException("step (" + step + ") must lie within [" + stepPolicy.minStep()
					+ ", " + stepPolicy.maxStep() + "]");
		}
		if (!(prefetchAt >= 0.0 && prefetchAt < 1.0)) {
			throw new IllegalArgumentException("prefetchAt must lie within [0, 1) but was " + prefetchAt);
		}
		if (fetchTimeout == null || fetchTimeout.isNegative() || fetchTimeout.isZero()) {
			throw new IllegalArgumentException("fetchTimeout must be positive but was " + fetchTimeout);
		}
	}

}
