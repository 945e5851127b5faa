package io.github.idgen.segment;

import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;

/**
 * The range of IDs a sequence hands out: from {@code start} up to {@code maxValue}, after
 * which it is either exhausted or, if it cycles, starts again at {@code start}.
 * <p>
 * A store never hands out a segment that crosses {@code maxValue}: the last segment of a
 * cycle is shorter than the step if need be. A cyclic sequence's counter wraps to
 * {@code start} atomically, so that no two callers receive the same value within one
 * cycle; values repeat only across cycles, which is what a cyclic sequence is for.
 *
 * @param start the first ID, at least 1
 * @param maxValue the last ID, at least {@code start} and at most {@link #MAX_ID}
 * @param cycle whether the sequence starts again at {@code start} after {@code maxValue}
 */
public record SequenceBounds(long start, long maxValue, boolean cycle) {

	/**
	 * The largest ID any sequence hands out, so that every segment end fits in a
	 * {@code long}.
	 */
	public static final long MAX_ID = Long.MAX_VALUE - 1;

	/**
	 * Create bounds, checking them.
	 * @param start the first ID
	 * @param maxValue the last ID
	 * @param cycle whether the sequence starts again after {@code maxValue}
	 */
	public SequenceBounds {
		if (start < 1) {
			throw new IllegalArgumentException("start must be at least 1 but was " + start);
		}
		if (maxValue < start || maxValue > MAX_ID) {
			throw new IllegalArgumentException("maxValue must lie within [start, " + MAX_ID + "] = [" + start + ", "
					+ MAX_ID + "] but was " + maxValue);
		}
	}

	/**
	 * Return the bounds of an unbounded, non-cyclic sequence starting at {@code start}.
	 * @param start the first ID
	 * @return the bounds
	 */
	public static SequenceBounds startingAt(long start) {
		return new SequenceBounds(start, MAX_ID, false);
	}

	/**
	 * Return whether these bounds restrict the sequence more than every sequence is
	 * restricted: a {@code maxValue} below {@link #MAX_ID}, or cycling.
	 * @return whether the sequence is bounded
	 */
	public boolean isBounded() {
		return this.maxValue < MAX_ID || this.cycle;
	}

	/**
	 * Return the segment a counter standing at {@code counter} (the last ID reserved)
	 * yields for the given step: the next IDs up to {@code maxValue}, or, for a cyclic
	 * sequence whose counter has reached {@code maxValue}, the first IDs of the next
	 * cycle.
	 * @param sequence the sequence name, for the exception
	 * @param counter the last ID reserved so far, {@code start - 1} for a new counter
	 * @param step the number of IDs wanted, at least 1
	 * @return the segment, at most {@code step} IDs long
	 * @throws SequenceExhaustedException if the counter has reached {@code maxValue} and
	 * the sequence does not cycle
	 */
	public Segment next(String sequence, long counter, long step) {
		long from = counter;
		if (counter >= this.maxValue) {
			if (!this.cycle) {
				throw new SequenceExhaustedException(sequence, "Sequence " + SequenceNames.quote(sequence)
						+ " has handed out its last ID, its max-value " + this.maxValue);
			}
			from = this.start - 1;
		}
		long last = (from > this.maxValue - step) ? this.maxValue : from + step;
		return new Segment(from + 1, last + 1);
	}

}
