package io.github.idgen;

import java.time.Duration;
import java.time.Instant;

/**
 * The largest value a sequence can reach, and why: what a runway forecast measures a
 * sequence's progress against.
 * <ul>
 * <li>{@link Kind#VALUE}: a fixed largest value, such as a bounded sequence's
 * {@code max-value}, 2^53 - 1 for IDs that JavaScript reads, or
 * {@link Long#MAX_VALUE}.</li>
 * <li>{@link Kind#PERIOD}: the largest value a formatted sequence's width holds in the
 * current period, which ends at {@link #end()}; the counter starts again in the next
 * period.</li>
 * <li>{@link Kind#TIME}: the largest ID of a time-based layout, whose timestamp bits run
 * out at {@link #end()}. The sequence's position is then the clock:
 * {@link #positionAt(Instant)}.</li>
 * <li>{@link Kind#CYCLE}: a cyclic sequence's {@code max-value}, after which it starts
 * again; it is never exhausted.</li>
 * </ul>
 *
 * @param kind what kind of limit this is
 * @param maxValue the largest value
 * @param end the end of the period ({@link Kind#PERIOD}) or the last millisecond of the
 * layout ({@link Kind#TIME}); {@code null} for the other kinds
 * @param timestampShift the number of bits below the timestamp field of a
 * {@link Kind#TIME} layout, 0 for the other kinds
 * @param reason what sets the limit, for people, such as {@code max-value 1000}
 */
public record IdLimit(Kind kind, long maxValue, Instant end, int timestampShift, String reason) {

	/**
	 * The largest integer that a JavaScript {@code Number} holds exactly:
	 * {@code Number.MAX_SAFE_INTEGER}, 2^53 - 1.
	 */
	public static final long JAVASCRIPT_MAX = (1L << 53) - 1;

	private static final IdLimit LONG_RANGE = new IdLimit(Kind.VALUE, Long.MAX_VALUE, null, 0,
			"Long.MAX_VALUE, the largest 64-bit ID");

	private static final IdLimit JAVASCRIPT = new IdLimit(Kind.VALUE, JAVASCRIPT_MAX, null, 0,
			"2^53 - 1, the largest integer JavaScript holds exactly (javascript-safe)");

	/**
	 * Create a limit, checking it.
	 * @param kind what kind of limit this is
	 * @param maxValue the largest value, at least 0
	 * @param end the end of the period or of the layout, for those kinds only
	 * @param timestampShift the bits below a layout's timestamp field
	 * @param reason what sets the limit
	 */
	public IdLimit {
		if (kind == null || reason == null) {
			throw new IllegalArgumentException("kind and reason must not be null");
		}
		if (maxValue < 0) {
			throw new IllegalArgumentException("maxValue must not be negative but was " + maxValue);
		}
		if ((end != null) != (kind == Kind.PERIOD || kind == Kind.TIME)) {
			throw new IllegalArgumentException(
					"A " + kind + " limit " + ((end != null) ? "has no end" : "needs an end"));
		}
		if (timestampShift < 0 || timestampShift > 63 || (timestampShift != 0 && kind != Kind.TIME)) {
			throw new IllegalArgumentException(
					"timestampShift " + timestampShift + " does not fit a " + kind + " limit");
		}
	}

	/**
	 * Return the limit that every sequence has: {@link Long#MAX_VALUE}.
	 * @return the limit
	 */
	public static IdLimit longRange() {
		return LONG_RANGE;
	}

	/**
	 * Return the limit of IDs that JavaScript reads as numbers: {@link #JAVASCRIPT_MAX}.
	 * @return the limit
	 */
	public static IdLimit javascript() {
		return JAVASCRIPT;
	}

	/**
	 * Return the limit of a bounded sequence that does not cycle.
	 * @param maxValue its {@code max-value}
	 * @return the limit
	 */
	public static IdLimit maxValue(long maxValue) {
		return new IdLimit(Kind.VALUE, maxValue, null, 0, "max-value " + maxValue);
	}

	/**
	 * Return the limit of a cyclic sequence, which starts again after it.
	 * @param maxValue its {@code max-value}
	 * @return the limit
	 */
	public static IdLimit cycle(long maxValue) {
		return new IdLimit(Kind.CYCLE, maxValue, null, 0, "cycles after max-value " + maxValue);
	}

	/**
	 * Return the limit of a formatted sequence's counter in the current period.
	 * @param maxValue the largest value the format's width holds
	 * @param periodEnd when the current period ends and the next counter starts
	 * @param reason what sets the limit, such as the format
	 * @return the limit
	 */
	public static IdLimit period(long maxValue, Instant periodEnd, String reason) {
		return new IdLimit(Kind.PERIOD, maxValue, periodEnd, 0, reason);
	}

	/**
	 * Return the limit of a time-based layout: its largest ID, with every field at its
	 * largest value.
	 * @param lastTime the last millisecond the timestamp bits hold
	 * @param timestampBits the number of timestamp bits
	 * @param timestampShift the number of bits below the timestamp field
	 * @param reason what sets the limit, such as the layout and its epoch
	 * @return the limit
	 */
	public static IdLimit time(Instant lastTime, int timestampBits, int timestampShift, String reason) {
		long maxValue = BitFields.max(timestampBits + timestampShift);
		return new IdLimit(Kind.TIME, maxValue, lastTime, timestampShift, reason);
	}

	/**
	 * Return whether the sequence can still reach this limit and stop there: not a cyclic
	 * one.
	 * @return whether reaching the limit exhausts the sequence
	 */
	public boolean exhausts() {
		return this.kind != Kind.CYCLE;
	}

	/**
	 * Return the tighter of this limit and JavaScript's: this one if its largest value is
	 * at most {@link #JAVASCRIPT_MAX}; for a time layout whose IDs grow past it, the same
	 * layout ending at the last millisecond whose IDs stay within it; otherwise
	 * {@link #javascript()}.
	 * @return the limit for IDs that JavaScript reads as numbers
	 */
	public IdLimit forJavaScript() {
		if (this.maxValue <= JAVASCRIPT_MAX) {
			return this;
		}
		if (this.kind != Kind.TIME) {
			return JAVASCRIPT;
		}
		long maxTimestamp = this.maxValue >>> this.timestampShift;
		long safeTimestamp = (this.timestampShift < 53) ? JAVASCRIPT_MAX >>> this.timestampShift : -1;
		Instant safeEnd = this.end.minusMillis(maxTimestamp - safeTimestamp);
		return new IdLimit(Kind.TIME, BitFields.max(53), safeEnd, Math.min(this.timestampShift, 53),
				"2^53 - 1, the largest integer JavaScript holds exactly (javascript-safe), which the IDs of "
						+ this.reason + " pass after " + safeEnd);
	}

	/**
	 * Return the smallest ID that a {@link Kind#TIME} layout composes at the given time,
	 * its position on the way to {@link #maxValue()}.
	 * @param now the time
	 * @return the timestamp field of {@code now} shifted into place, {@link #maxValue()}
	 * once the layout has run out, and 0 before its epoch
	 * @throws IllegalStateException for a limit of another kind
	 */
	public long positionAt(Instant now) {
		if (this.kind != Kind.TIME) {
			throw new IllegalStateException("Only a time layout's position follows the clock, not a " + this.kind);
		}
		if (now.isAfter(this.end)) {
			return this.maxValue;
		}
		long maxTimestamp = this.maxValue >>> this.timestampShift;
		long behindEnd = Duration.between(now, this.end).toMillis();
		return Math.max(0, maxTimestamp - behindEnd) << this.timestampShift;
	}

	/**
	 * What kind of limit an {@link IdLimit} is.
	 */
	public enum Kind {

		/**
		 * A fixed largest value.
		 */
		VALUE,

		/**
		 * The largest value of a formatted sequence in the current period.
		 */
		PERIOD,

		/**
		 * The largest ID of a time-based layout, reached when its timestamp bits run out.
		 */
		TIME,

		/**
		 * The largest value of a cyclic sequence, which then starts again.
		 */
		CYCLE

	}

}
