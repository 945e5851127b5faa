package io.github.idgen.format;

import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.idgen.SequenceNames;

/**
 * How often the counter behind a formatted sequence restarts. Each period has a counter
 * of its own, named after the sequence and the period: {@code order@20261121} for
 * {@link #DAILY}, {@code order@202611} for {@link #MONTHLY}, {@code order@2026} for
 * {@link #YEARLY}, and plain {@code order} for {@link #NEVER}.
 * <p>
 * Since each period's counter starts again, the IDs of a period are unique only if the
 * date/time fields of the format identify the period: a {@link SequenceFormat} checks
 * that they write the year, and for shorter periods the month and day, or the day of the
 * year.
 */
public enum ResetPeriod {

	/**
	 * A new counter every calendar day.
	 */
	DAILY("yyyyMMdd", "day", "the year, month and day of month, or the year and day of year",
			Set.of(DatePart.YEAR, DatePart.MONTH, DatePart.DAY_OF_MONTH), Set.of(DatePart.YEAR, DatePart.DAY_OF_YEAR)),

	/**
	 * A new counter every calendar month.
	 */
	MONTHLY("yyyyMM", "month", "the year and month, or the year and day of year", Set.of(DatePart.YEAR, DatePart.MONTH),
			Set.of(DatePart.YEAR, DatePart.DAY_OF_YEAR)),

	/**
	 * A new counter every calendar year.
	 */
	YEARLY("yyyy", "year", "the year", Set.of(DatePart.YEAR)),

	/**
	 * One counter for all time.
	 */
	NEVER(null, null, "nothing", Set.of());

	/**
	 * Separates the sequence name from the period in a counter name.
	 */
	public static final char SEPARATOR = SequenceNames.PERIOD_SEPARATOR;

	private final String periodPattern;

	private final DateTimeFormatter period;

	private final String unit;

	private final String needs;

	private final List<Set<DatePart>> identifyingParts;

	/**
	 * Create a reset period.
	 * @param periodPattern the pattern of the period in counter names, {@code null} for
	 * none
	 * @param unit the name of one period, such as {@code day}
	 * @param needs what the date/time fields of a format must write, in words
	 * @param identifyingParts the sets of date parts, any one of which identifies a
	 * period
	 */
	@SafeVarargs
	ResetPeriod(String periodPattern, String unit, String needs, Set<DatePart>... identifyingParts) {
		this.periodPattern = periodPattern;
		this.period = (periodPattern != null) ? DateTimeFormatter.ofPattern(periodPattern, Locale.ROOT) : null;
		this.unit = unit;
		this.needs = needs;
		this.identifyingParts = List.of(identifyingParts);
	}

	/**
	 * Return the name of the counter that serves the given sequence in the period that
	 * contains the given time. The period is taken from the local date of {@code time},
	 * so the time's zone decides where a day begins.
	 * @param sequence the sequence name
	 * @param time the time whose period is wanted
	 * @return the counter name, such as {@code order@20261121}
	 */
	public String counterName(String sequence, ZonedDateTime time) {
		return (this.period != null) ? sequence + SEPARATOR + this.period.format(time) : sequence;
	}

	/**
	 * Check that the given name is a valid sequence name and short enough for the names
	 * of its counters, which are up to 9 characters longer than the name.
	 * @param sequence the sequence name
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name is not valid, or its counter names
	 * would be longer than {@value SequenceNames#MAX_LENGTH} characters
	 */
	public String validateName(String sequence) {
		SequenceNames.validate(sequence);
		if (this.periodPattern == null) {
			return sequence;
		}
		int suffix = 1 + this.periodPattern.length();
		int longest = SequenceNames.MAX_LENGTH - suffix;
		if (sequence.codePointCount(0, sequence.length()) > longest) {
			throw new IllegalArgumentException("Sequence name " + SequenceNames.quote(sequence)
					+ " is too long for reset " + label() + ": its counters are named <name>" + SEPARATOR
					+ this.periodPattern + ", " + suffix + " characters longer, and sequence names have at most "
					+ SequenceNames.MAX_LENGTH + " characters; use a name of at most " + longest + " characters");
		}
		return sequence;
	}

	/**
	 * Return the sequence a counter name belongs to: {@code order} for
	 * {@code order@20261121}, the name itself for a name without a period.
	 * @param counterName a counter name, as {@link #counterName} makes them
	 * @return the sequence name
	 */
	public static String sequenceOf(String counterName) {
		int separator = counterName.lastIndexOf(SEPARATOR);
		return (separator > 0) ? counterName.substring(0, separator) : counterName;
	}

	/**
	 * Whether date/time fields that write the given parts of the date tell every two
	 * periods apart.
	 */
	boolean isIdentifiedBy(Set<DatePart> parts) {
		return this.identifyingParts.stream().anyMatch(parts::containsAll);
	}

	/**
	 * Return the first day of the period that contains a day.
	 * @param day the day
	 * @return the first day of its period, {@link LocalDate#MIN} for {@link #NEVER}
	 */
	LocalDate startOf(LocalDate day) {
		return switch (this) {
			case DAILY -> day;
			case MONTHLY -> day.withDayOfMonth(1);
			case YEARLY -> day.withDayOfYear(1);
			case NEVER -> LocalDate.MIN;
		};
	}

	/**
	 * Return when the period that holds the given time ends: the start of the next day,
	 * month or year in the time's zone.
	 * @param time the time
	 * @return the end of its period, {@code null} for {@link #NEVER}
	 */
	ZonedDateTime endOf(ZonedDateTime time) {
		LocalDate day = time.toLocalDate();
		return switch (this) {
			case DAILY -> day.plusDays(1).atStartOfDay(time.getZone());
			case MONTHLY -> day.withDayOfMonth(1).plusMonths(1).atStartOfDay(time.getZone());
			case YEARLY -> day.withDayOfYear(1).plusYears(1).atStartOfDay(time.getZone());
			case NEVER -> null;
		};
	}

	/**
	 * Return the name of this period in configuration, such as {@code daily}.
	 */
	String label() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * Return the name of one period, such as {@code day}.
	 */
	String unit() {
		return this.unit;
	}

	/**
	 * Return what the date/time fields of a format must write, in words, such as
	 * {@code the year}.
	 */
	String needs() {
		return this.needs;
	}

	/**
	 * Return a date/time field that identifies this period, such as {@code {yyyyMMdd}},
	 * or an empty string for {@link #NEVER}.
	 */
	String exampleField() {
		return (this.periodPattern != null) ? "{" + this.periodPattern + "}" : "";
	}

}
