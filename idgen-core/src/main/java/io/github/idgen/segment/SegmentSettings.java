package io.github.idgen.segment;

import java.time.Duration;

/**
 * How the segment engine serves one sequence.
 *
 * @param bounds the first ID of the sequence (used when its counter is created), its
 * max-value and whether it cycles
 * @param step the size of the first segment, within the step policy's bounds
 * @param stepPolicy how later segments are sized
 * @param prefetchAt the fraction of a segment, in {@code [0, 1)}, after whose use the
 * next segment is fetched in the background
 * @param fetchTimeout how long a caller waits for a segment when none is left, positive
 * and at most {@link #MAX_FETCH_TIMEOUT}
 */
public record SegmentSettings(SequenceBounds bounds, long step, StepPolicy stepPolicy, double prefetchAt,
		Duration fetchTimeout) {

	/**
	 * The longest fetch timeout: 106,751 days, about 292 years, the whole days that
	 * {@link System#nanoTime()} can time (a deadline is kept in nanoseconds).
	 */
	public static final Duration MAX_FETCH_TIMEOUT = Duration.ofDays(106_751);

	/**
	 * Create settings, checking every value.
	 * @param bounds the start, max-value and cycling of the sequence
	 * @param step the size of the first segment
	 * @param stepPolicy how later segments are sized
	 * @param prefetchAt the fraction of a segment after whose use the next is fetched
	 * @param fetchTimeout how long a caller waits for a segment when none is left
	 */
	public SegmentSettings {
		if (bounds == null) {
			throw new IllegalArgumentException("bounds must not be null");
		}
		if (stepPolicy == null) {
			throw new IllegalArgumentException("stepPolicy must not be null");
		}
		if (step < stepPolicy.minStep() || step > stepPolicy.maxStep()) {
			throw new IllegalArgumentException(
					"step (" + step + ") must lie within [" + stepPolicy.minStep() + ", " + stepPolicy.maxStep() + "]");
		}
		if (!(prefetchAt >= 0.0 && prefetchAt < 1.0)) {
			throw new IllegalArgumentException("prefetchAt must lie within [0, 1) but was " + prefetchAt);
		}
		if (fetchTimeout == null || fetchTimeout.isNegative() || fetchTimeout.isZero()) {
			throw new IllegalArgumentException("fetchTimeout must be positive but was " + fetchTimeout);
		}
		if (fetchTimeout.compareTo(MAX_FETCH_TIMEOUT) > 0) {
			throw new IllegalArgumentException("fetchTimeout must be at most " + MAX_FETCH_TIMEOUT.toDays()
					+ " days (about 292 years) but was " + fetchTimeout);
		}
	}

	/**
	 * Create settings of an unbounded sequence.
	 * @param start the first ID of the sequence, at least 1
	 * @param step the size of the first segment
	 * @param stepPolicy how later segments are sized
	 * @param prefetchAt the fraction of a segment after whose use the next is fetched
	 * @param fetchTimeout how long a caller waits for a segment when none is left
	 */
	public SegmentSettings(long start, long step, StepPolicy stepPolicy, double prefetchAt, Duration fetchTimeout) {
		this(SequenceBounds.startingAt(start), step, stepPolicy, prefetchAt, fetchTimeout);
	}

}
