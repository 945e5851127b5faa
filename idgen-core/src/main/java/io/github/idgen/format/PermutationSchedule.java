package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which keyed permutation an obfuscated format writes in each period: the
 * {@linkplain #fixed fixed} one, whose FF1 tweak is the sequence name in every period, or
 * one {@linkplain #perPeriod per period}, whose tweak is the name of the period's counter
 * (the sequence name and the period, such as {@code order@20261121}), so that the same
 * counter gives other digits in every period. A per-period schedule may begin at a date:
 * the periods that begin before it keep the fixed permutation, so that a sequence can
 * switch at a period boundary. A sequence that never resets has one period, whose counter
 * is named as the sequence: both schedules permute it alike.
 * <p>
 * The permutation of the latest period used is kept; another period's is created when
 * asked for. Instances are thread-safe; the key is copied and never shown.
 */
final class PermutationSchedule {

	private final byte[] key;

	private final String sequence;

	private final int width;

	private final ResetPeriod reset;

	private final LocalDate perPeriodFrom;

	private final PermutedDigits fixed;

	private final AtomicReference<Period> latest = new AtomicReference<>();

	private PermutationSchedule(byte[] key, String sequence, int width, ResetPeriod reset, LocalDate perPeriodFrom) {
		this.fixed = new PermutedDigits(DigitPermutation.of(key, sequence.getBytes(StandardCharsets.UTF_8), width));
		this.key = Arrays.copyOf(key, key.length);
		this.sequence = sequence;
		this.width = width;
		this.reset = reset;
		this.perPeriodFrom = perPeriodFrom;
	}

	/**
	 * Return the schedule of the same permutation in every period.
	 * @param key the AES key, copied
	 * @param sequence the sequence name, the tweak
	 * @param width the number of digits
	 * @return the schedule
	 */
	static PermutationSchedule fixed(byte[] key, String sequence, int width) {
		return new PermutationSchedule(key, sequence, width, ResetPeriod.NEVER, null);
	}

	/**
	 * Return the schedule of a permutation of its own in each period.
	 * @param key the AES key, copied
	 * @param sequence the sequence name
	 * @param width the number of digits
	 * @param reset the reset period, which names the period counters
	 * @param from the first day of the first period with a permutation of its own;
	 * earlier periods have the fixed permutation. {@code null} for every period
	 * @return the schedule
	 */
	static PermutationSchedule perPeriod(byte[] key, String sequence, int width, ResetPeriod reset, LocalDate from) {
		return new PermutationSchedule(key, sequence, width, reset, from);
	}

	/**
	 * Return whether the permutation depends on the period, so that reading a value needs
	 * the period of the ID.
	 * @return whether the period matters
	 */
	boolean dependsOnPeriod() {
		return this.reset != ResetPeriod.NEVER;
	}

	/**
	 * Return the value field of the period that contains a day.
	 * @param day a day of the period, in the zone of the sequence; ignored if the
	 * permutation does not depend on the period
	 * @return the field that writes and reads that period's permutation
	 */
	PermutedDigits fieldOf(LocalDate day) {
		if (isFixedOn(day)) {
			return this.fixed;
		}
		String counter = periodCounter(day);
		Period period = this.latest.get();
		if (period != null && period.counter().equals(counter)) {
			return period.field();
		}
		PermutedDigits field = new PermutedDigits(
				DigitPermutation.of(this.key, counter.getBytes(StandardCharsets.UTF_8), this.width));
		this.latest.set(new Period(counter, field));
		return field;
	}

	/**
	 * Return the tweak of the permutation that writes the period that contains a day: the
	 * sequence name for the fixed permutation, the period's counter name for one of its
	 * own.
	 * @param day a day of the period, in the zone of the sequence
	 * @return the tweak
	 */
	String tweakOf(LocalDate day) {
		return isFixedOn(day) ? this.sequence : periodCounter(day);
	}

	/**
	 * Return the key check value of the permutation of this schedule's key with a tweak.
	 * @param tweak the tweak, such as the result of {@link #tweakOf(LocalDate)}
	 * @return the key check value
	 * @see KeyCheckValue
	 */
	long checkValueOf(String tweak) {
		return KeyCheckValue.of(this.key, tweak);
	}

	private boolean isFixedOn(LocalDate day) {
		return !dependsOnPeriod()
				|| (this.perPeriodFrom != null && this.reset.startOf(day).isBefore(this.perPeriodFrom));
	}

	private String periodCounter(LocalDate day) {
		return this.reset.counterName(this.sequence, day.atStartOfDay(ZoneOffset.UTC));
	}

	/**
	 * Return the field that writes the token, for its width and largest value.
	 * @return the fixed permutation's field
	 */
	PermutedDigits anyField() {
		return this.fixed;
	}

	@Override
	public String toString() {
		return this.fixed.permutation() + (dependsOnPeriod() ? " per period" : "");
	}

	/**
	 * The permutation of one period.
	 *
	 * @param counter the name of the period's counter, the tweak
	 * @param field the field that writes it
	 */
	private record Period(String counter, PermutedDigits field) {

	}

}
