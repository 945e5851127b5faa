package io.github.idgen.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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
 *
 * @param format the format of the IDs
 * @param reset how often the counter restarts
 */
public record SequenceFormat(IdFormat format, ResetPeriod reset) {

	/**
	 * Create a sequence format.
	 * @param format the format of the IDs
	 * @param reset how often the counter restarts
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
