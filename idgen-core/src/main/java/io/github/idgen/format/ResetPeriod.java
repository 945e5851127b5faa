package io.github.idgen.format;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.github.idgen.SequenceNames;

/**
 * How often the counter behind a formatted sequence restarts. Each period has a counter
 * of its own, named after the sequence and the period: {@code order@20261121} for
 * {@link #DAILY}, {@code order@202611} for {@link #MONTHLY}, {@code order@2026} for
 * {@link #YEARLY}, and plain {@code order} for {@link #NEVER}.
 */
public enum ResetPeriod {

	/**
	 * A new counter every calendar day.
	 */
	DAILY("uuuuMMdd"),

	/**
	 * A new counter every calendar month.
	 */
	MONTHLY("uuuuMM"),

	/**
	 * A new counter every calendar year.
	 */
	YEARLY("uuuu"),

	/**
	 * One counter for all time.
	 */
	NEVER(null);

	/**
	 * Separates the sequence name from the period in a counter name.
	 */
	public static final char SEPARATOR = SequenceNames.PERIOD_SEPARATOR;

	private final DateTimeFormatter period;

	ResetPeriod(String period) {
		this.period = (period != null) ? DateTimeFormatter.ofPattern(period, Locale.ROOT) : null;
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
	 * Return the sequence a counter name belongs to: {@code order} for
	 * {@code order@20261121}, the name itself for a name without a period.
	 * @param counterName a counter name, as {@link #counterName} makes them
	 * @return the sequence name
	 */
	public static String sequenceOf(String counterName) {
		int separator = counterName.lastIndexOf(SEPARATOR);
		return (separator > 0) ? counterName.substring(0, separator) : counterName;
	}

}
