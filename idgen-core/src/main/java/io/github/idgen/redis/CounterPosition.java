package io.github.idgen.redis;

import java.math.BigInteger;

import io.github.idgen.segment.SequenceBounds;

/**
 * Where a Redis counter stands: its cycle (how often a cyclic sequence has wrapped, 0 for
 * a sequence that never did) and its value within that cycle. A healthy counter only
 * moves forward in this order, cycle first, then value, so a position behind one already
 * seen means the counter was lost or set back.
 *
 * @param cycle the cycle number, at least 0
 * @param value the last ID reserved in that cycle, at least 0
 */
record CounterPosition(long cycle, long value) implements Comparable<CounterPosition> {

	/**
	 * The position of a counter nothing is known about.
	 */
	static final CounterPosition NONE = new CounterPosition(0, 0);

	@Override
	public int compareTo(CounterPosition other) {
		int byCycle = Long.compare(this.cycle, other.cycle);
		return (byCycle != 0) ? byCycle : Long.compare(this.value, other.value);
	}

	/**
	 * Return whether this position lies before the given one.
	 * @param other the position to compare with
	 * @return whether this one is lower, cycle first
	 */
	boolean isBefore(CounterPosition other) {
		return compareTo(other) < 0;
	}

	/**
	 * Return the higher of this position and the given one.
	 * @param other the position to compare with
	 * @return the higher position
	 */
	CounterPosition max(CounterPosition other) {
		return isBefore(other) ? other : this;
	}

	/**
	 * Return the position {@code distance} IDs after this one, in the order a sequence
	 * with the given bounds hands them out: for an unbounded sequence the value plus the
	 * distance, at most {@link SequenceBounds#MAX_ID}; for a bounded one at most its
	 * max-value, where it is exhausted; for a cyclic one as many cycles further as the
	 * distance spans.
	 * @param distance how many IDs to skip, at least 0
	 * @param bounds the bounds of the sequence
	 * @return the position after the skipped IDs
	 */
	CounterPosition advance(long distance, SequenceBounds bounds) {
		if (!bounds.cycle()) {
			long limit = bounds.maxValue();
			return new CounterPosition(this.cycle,
					(this.value > limit - distance) ? Math.max(limit, this.value) : this.value + distance);
		}
		BigInteger size = BigInteger.valueOf(bounds.maxValue() - bounds.start() + 1);
		BigInteger offset = BigInteger.valueOf(Math.max(this.value - (bounds.start() - 1), 0))
			.add(BigInteger.valueOf(distance));
		if (offset.signum() == 0) {
			return this;
		}
		BigInteger[] cyclesAndRest = offset.subtract(BigInteger.ONE).divideAndRemainder(size);
		BigInteger cycle = BigInteger.valueOf(this.cycle).add(cyclesAndRest[0]);
		return new CounterPosition(cycle.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact(),
				bounds.start() + cyclesAndRest[1].longValueExact());
	}

	@Override
	public String toString() {
		return (this.cycle != 0) ? this.value + " in cycle " + this.cycle : Long.toString(this.value);
	}

}
