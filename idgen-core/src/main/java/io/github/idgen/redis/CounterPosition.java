package io.github.idgen.redis;

/**
 * Where a Redis counter stands: its cycle (how often a cyclic sequence has wrapped, 0
 * for a sequence that never did) and its value within that cycle. A healthy counter only
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

	@Override
	public String toString() {
		return (this.cycle != 0) ? this.value + " in cycle " + this.cycle : Long.toString(this.value);
	}

}
