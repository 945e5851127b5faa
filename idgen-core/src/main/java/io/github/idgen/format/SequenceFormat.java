package io.github.idgen.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.github.idgen.segment.KeyCheckStore;

/**
 * How a sequence formats its IDs and how often its counter restarts.
 * <p>
 * Each period's counter starts again at the sequence's start, so the date/time fields of
 * the format must identify the period, or a period would hand out the IDs of an earlier
 * one again: {@link ResetPeriod#DAILY} needs the year, month and day of month, or the
 * year and day of year; {@link ResetPeriod#MONTHLY} the year and month, or the year and
 * day of year; {@link ResetPeriod#YEARLY} the year; {@link ResetPeriod#NEVER} nothing.
 * Together with the fixed-width fields of an {@link IdFormat}, two IDs of a sequence are
 * then equal only if they come from the same period's counter with the same value. A
 * two-digit year identifies the year within its century only.
 * <p>
 * The numbers of an {@linkplain IdFormat#isObfuscated() obfuscated} format are unique
 * only if every instance writes a period with the same key and permutation: with a
 * {@link KeyCheckStore}, the sequence records its permutation for each period's counter
 * before writing the period's first number and refuses a period recorded with another
 * (see {@link #checkedIn(KeyCheckStore)}).
 *
 * @param format the format of the IDs
 * @param reset how often the counter restarts
 * @param keyChecks where the permutation of each period of an obfuscated format is
 * checked, or {@code null} for nowhere
 */
public record SequenceFormat(IdFormat format, ResetPeriod reset, KeyCheckStore keyChecks) {

	/**
	 * Create a sequence format whose permutation is not checked.
	 * @param format the format of the IDs
	 * @param reset how often the counter restarts
	 * @throws IllegalArgumentException if the date/time fields of the format do not
	 * identify the reset period, saying what they write, what the period needs and a
	 * format that has it
	 */
	public SequenceFormat(IdFormat format, ResetPeriod reset) {
		this(format, reset, null);
	}

	/**
	 * Create a sequence format.
	 * @param format the format of the IDs
	 * @param reset how often the counter restarts
	 * @param keyChecks where the permutation of each period of an obfuscated format is
	 * checked, or {@code null} for nowhere
	 * @throws IllegalArgumentException if the date/time fields of the format do not
	 * identify the reset period, saying what they write, what the period needs and a
	 * format that has it
	 */
	public SequenceFormat {
		Objects.requireNonNull(format, "Format must not be null");
		Objects.requireNonNull(reset, "Reset period must not be null");
		if (!reset.isIdentifiedBy(format.dateParts())) {
			throw new IllegalArgumentException("Format '" + format + "' cannot be reset " + reset.label()
					+ ": its date/time fields write " + written(format.dateParts()) + ", but a " + reset.label()
					+ " counter needs " + reset.needs() + ", or the IDs of an earlier " + reset.unit()
					+ " are handed out again; use a format such as '" + format.exampleFor(reset) + "', or reset never");
		}
	}

	/**
	 * Return this format with the permutation of each period checked in a store, if the
	 * format is obfuscated.
	 * @param store the key check values of the backend that serves the sequence
	 * @return the format, checked in the store
	 */
	public SequenceFormat checkedIn(KeyCheckStore store) {
		return new SequenceFormat(this.format, this.reset, store);
	}

	private static String written(Set<DatePart> parts) {
		if (parts.isEmpty()) {
			return "no date";
		}
		List<String> names = new ArrayList<>();
		for (DatePart part : DatePart.values()) {
			if (parts.contains(part)) {
				names.add(part.toString());
			}
		}
		String last = names.remove(names.size() - 1);
		return "the " + (names.isEmpty() ? last : String.join(", ", names) + " and " + last);
	}

}
