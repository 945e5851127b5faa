package io.github.idgen.format;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Set;

import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;

/**
 * A parsed pattern for formatted business numbers, such as {@code ORD{yyyyMMdd}{seq:6}}.
 * <p>
 * A pattern is literal text with fields in braces:
 * <ul>
 * <li>exactly one sequence token: {@code {seq}} writes the value as it is,
 * {@code {seq:N}} zero-pads it to a width of {@code N} digits, {@code 1 <= N <= 19};</li>
 * <li>any number of date/time fields, each a {@link DateTimeFormatter} pattern of
 * fixed-width numbers such as {@code {yyyyMMdd}}, {@code {yyyy-MM-dd'T'HH:mm}} or
 * {@code {yyyyMMddHHmmssSSSSSS}} (microseconds).</li>
 * </ul>
 * Everything outside braces is copied as it is; braces cannot appear in literal text.
 * Date/time fields may use only the letters {@code yyyy}, {@code uuuu}, {@code yy},
 * {@code uu}, {@code MM}, {@code LL}, {@code dd}, {@code DDD}, {@code HH}, {@code hh},
 * {@code KK}, {@code kk}, {@code mm}, {@code ss} and {@code S} to {@code SSSSSSSSS},
 * besides quoted text: then everything but the value has a fixed width, and two IDs are
 * equal only if their date/time fields and values are. Week-based fields, text and
 * numbers of varying width are rejected. Date/time fields are written with
 * {@link java.util.Locale#ROOT}, so the result does not depend on the default locale of
 * the JVM.
 * <p>
 * Instances are immutable and thread-safe.
 */
public final class IdFormat {

	private static final int MAX_LONG_DIGITS = Long.toString(Long.MAX_VALUE).length();

	private final String pattern;

	private final DateTimeFormatter beforeSequence;

	private final int width;

	private final DateTimeFormatter afterSequence;

	private final Set<DatePart> dateParts;

	IdFormat(String pattern, DateTimeFormatter beforeSequence, int width, DateTimeFormatter afterSequence,
			Set<DatePart> dateParts) {
		this.pattern = pattern;
		this.beforeSequence = beforeSequence;
		this.width = width;
		this.afterSequence = afterSequence;
		this.dateParts = Set.copyOf(dateParts);
	}

	/**
	 * Parse the given pattern.
	 * @param pattern the pattern, such as {@code ORD{yyyyMMdd}{seq:6}}
	 * @return the parsed format
	 * @throws IllegalArgumentException if the pattern is not valid, quoting the pattern
	 * and saying what is wrong
	 */
	public static IdFormat parse(String pattern) {
		return new IdFormatParser(pattern).parse();
	}

	/**
	 * Format a value of a sequence at a time.
	 * @param sequence the sequence the value belongs to, named in exceptions
	 * @param value the sequence value, zero or more
	 * @param time the time written by the date/time fields
	 * @return the formatted ID
	 * @throws SequenceExhaustedException if the value has more digits than the width of
	 * the sequence token
	 * @throws IllegalArgumentException if the value is negative
	 */
	public String format(String sequence, long value, ZonedDateTime time) {
		if (value < 0) {
			throw new IllegalArgumentException("Sequence " + SequenceNames.quote(sequence) + " value " + value
					+ " is negative and cannot be formatted with '" + this.pattern + "'");
		}
		String digits = Long.toString(value);
		if (this.width > 0 && digits.length() > this.width) {
			throw new SequenceExhaustedException(sequence, "Sequence " + SequenceNames.quote(sequence) + " value "
					+ value + " does not fit the width " + this.width + " of format '" + this.pattern + "'");
		}
		StringBuilder id = new StringBuilder(this.pattern.length() + 16);
		this.beforeSequence.formatTo(time, id);
		id.append("0".repeat(Math.max(0, this.width - digits.length()))).append(digits);
		this.afterSequence.formatTo(time, id);
		return id.toString();
	}

	/**
	 * Return the pattern this format was parsed from.
	 * @return the pattern
	 */
	public String pattern() {
		return this.pattern;
	}

	/**
	 * Return the largest value that the width of the sequence token holds.
	 * @return {@code 10^width - 1}, or {@link Long#MAX_VALUE} for a token without a width
	 * or one wider than a {@code long} has digits
	 */
	long maxValue() {
		if (this.width == 0 || this.width >= MAX_LONG_DIGITS) {
			return Long.MAX_VALUE;
		}
		long max = 9;
		for (int digit = 1; digit < this.width; digit++) {
			max = max * 10 + 9;
		}
		return max;
	}

	/**
	 * Return the width of the sequence token.
	 * @return the number of digits, 0 if the token has no width
	 */
	int width() {
		return this.width;
	}

	/**
	 * Return the parts of the date that the date/time fields of this format write.
	 * @return the parts of the date, empty if the format writes no date
	 */
	Set<DatePart> dateParts() {
		return this.dateParts;
	}

	/**
	 * Return a pattern like this one whose date/time field identifies the given reset
	 * period: the literal text before the first field, a date field of the period, and
	 * the sequence token, such as {@code ORD{yyyyMMdd}{seq:4}} for
	 * {@code ORD{yyMM}{seq:4}} and {@link ResetPeriod#DAILY}.
	 * @param reset the reset period
	 * @return the pattern
	 */
	public String exampleFor(ResetPeriod reset) {
		String sequenceToken = (this.width > 0) ? "{seq:" + this.width + "}" : "{seq}";
		return this.pattern.substring(0, this.pattern.indexOf('{')) + reset.exampleField() + sequenceToken;
	}

	@Override
	public String toString() {
		return this.pattern;
	}

}
