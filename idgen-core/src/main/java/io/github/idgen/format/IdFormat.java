package io.github.idgen.format;

import java.text.ParsePosition;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.List;
import java.util.Set;

import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;

/**
 * A parsed pattern for formatted business numbers, such as {@code ORD{yyyyMMdd}{seq:6}}.
 * <p>
 * A pattern is literal text with fields in braces:
 * <ul>
 * <li>exactly one sequence token: {@code {seq}} writes the value as it is,
 * {@code {seq:N}} zero-pads it to a width of {@code N} digits, {@code 1 <= N <= 19};
 * {@code {seq:base62}} and {@code {seq:crockford-base32}} write it as the fixed-width
 * text of an {@link io.github.idgen.text.IdCodec};</li>
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

	private static final ZonedDateTime REFERENCE_TIME = ZonedDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

	/**
	 * Times at which every digit of every date/time field a format may have takes another
	 * value in at least one of them, so that comparing their texts tells the characters
	 * of fields from literal ones (see {@link #layout()}).
	 */
	private static final List<ZonedDateTime> LAYOUT_TIMES = List.of(REFERENCE_TIME,
			ZonedDateTime.of(2111, 12, 22, 11, 11, 11, 111_111_111, ZoneOffset.UTC),
			ZonedDateTime.of(1999, 9, 9, 9, 9, 9, 999_999_999, ZoneOffset.UTC));

	private final String pattern;

	private final DateTimeFormatter beforeSequence;

	private final ValueField value;

	private final DateTimeFormatter afterSequence;

	private final Set<DatePart> dateParts;

	private final int beforeLength;

	private final int afterLength;

	private final PermutationSchedule schedule;

	IdFormat(String pattern, DateTimeFormatter beforeSequence, ValueField value, DateTimeFormatter afterSequence,
			Set<DatePart> dateParts) {
		this(pattern, beforeSequence, value, afterSequence, dateParts, null);
	}

	private IdFormat(String pattern, DateTimeFormatter beforeSequence, ValueField value,
			DateTimeFormatter afterSequence, Set<DatePart> dateParts, PermutationSchedule schedule) {
		this.schedule = schedule;
		this.pattern = pattern;
		this.beforeSequence = beforeSequence;
		this.value = value;
		this.afterSequence = afterSequence;
		this.dateParts = Set.copyOf(dateParts);
		this.beforeLength = beforeSequence.format(REFERENCE_TIME).length();
		this.afterLength = afterSequence.format(REFERENCE_TIME).length();
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
		if (value > this.value.maxValue()) {
			throw new SequenceExhaustedException(sequence, "Sequence " + SequenceNames.quote(sequence) + " value "
					+ value + " does not fit the width " + width() + " of format '" + this.pattern + "'");
		}
		StringBuilder id = new StringBuilder(this.pattern.length() + 16);
		this.beforeSequence.formatTo(time, id);
		ValueField field = (this.schedule != null) ? this.schedule.fieldOf(time.toLocalDate()) : this.value;
		field.write(value, id);
		this.afterSequence.formatTo(time, id);
		return id.toString();
	}

	/**
	 * Read the value back from an ID this format wrote: the value of the sequence token,
	 * restored from its permutation if the format is {@link #obfuscated obfuscated}. The
	 * text around the value must match the literal text and date/time fields of the
	 * format, which are not read.
	 * @param sequence the sequence the ID belongs to, named in exceptions
	 * @param id the ID, such as {@code ORD20261121000001}
	 * @return the value, such as {@code 1}
	 * @throws IllegalArgumentException if this format cannot have written the ID, quoting
	 * it and saying why
	 */
	public long readValue(String sequence, String id) {
		if (id == null) {
			throw new IllegalArgumentException(
					"An ID of sequence " + SequenceNames.quote(sequence) + " to read must not be null");
		}
		try {
			return read(id);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(SequenceNames.quote(id) + " is not an ID of sequence "
					+ SequenceNames.quote(sequence) + " with format '" + this.pattern + "': " + ex.getMessage(), ex);
		}
	}

	private long read(String id) {
		int around = this.beforeLength + this.afterLength;
		int length = this.value.length();
		if (length > 0 && id.length() != around + length) {
			throw new IllegalArgumentException(
					"it has " + id.length() + " characters, and the format writes " + (around + length));
		}
		if (length == 0 && (id.length() <= around || id.length() > around + MAX_LONG_DIGITS)) {
			throw new IllegalArgumentException("it has " + id.length() + " characters, and the format writes "
					+ (around + 1) + " to " + (around + MAX_LONG_DIGITS));
		}
		TemporalAccessor before = checkMatches(this.beforeSequence, id.substring(0, this.beforeLength), "before");
		TemporalAccessor after = checkMatches(this.afterSequence, id.substring(id.length() - this.afterLength),
				"after");
		ValueField field = this.value;
		if (this.schedule != null && this.schedule.dependsOnPeriod()) {
			field = this.schedule.fieldOf(dayOf(before, after));
		}
		return field.read(id.substring(this.beforeLength, id.length() - this.afterLength));
	}

	/**
	 * Return the day that the date/time fields of an ID write, as far as they write it:
	 * the first month and day of the year if they write the year only, the first day of
	 * the month if they write no day. Enough for the period, which they identify.
	 */
	private static LocalDate dayOf(TemporalAccessor before, TemporalAccessor after) {
		Long year = field(before, after, ChronoField.YEAR);
		year = (year != null) ? year : field(before, after, ChronoField.YEAR_OF_ERA);
		if (year == null) {
			throw new IllegalArgumentException("it writes no year, which tells the period of its permutation");
		}
		Long dayOfYear = field(before, after, ChronoField.DAY_OF_YEAR);
		Long month = field(before, after, ChronoField.MONTH_OF_YEAR);
		Long day = field(before, after, ChronoField.DAY_OF_MONTH);
		try {
			if (dayOfYear != null) {
				return LocalDate.ofYearDay(Math.toIntExact(year), Math.toIntExact(dayOfYear));
			}
			return LocalDate.of(Math.toIntExact(year), (month != null) ? Math.toIntExact(month) : 1,
					(day != null) ? Math.toIntExact(day) : 1);
		}
		catch (DateTimeException ex) {
			throw new IllegalArgumentException("its date/time fields write no date: " + ex.getMessage(), ex);
		}
	}

	private static Long field(TemporalAccessor before, TemporalAccessor after, ChronoField field) {
		if (before.isSupported(field)) {
			return before.getLong(field);
		}
		return after.isSupported(field) ? after.getLong(field) : null;
	}

	private static TemporalAccessor checkMatches(DateTimeFormatter formatter, String text, String where) {
		ParsePosition position = new ParsePosition(0);
		TemporalAccessor fields = formatter.parseUnresolved(text, position);
		if (fields == null || position.getErrorIndex() >= 0 || position.getIndex() != text.length()) {
			throw new IllegalArgumentException("the text " + where + " the value does not match the format");
		}
		for (ChronoField field : ChronoField.values()) {
			if (fields.isSupported(field) && !field.range().isValidValue(fields.getLong(field))) {
				throw new IllegalArgumentException("the text " + where + " the value holds " + fields.getLong(field)
						+ " as " + field + ", which no date has");
			}
		}
		return fields;
	}

	/**
	 * Return a format like this one whose value is a keyed permutation of the sequence's
	 * value within the width of the sequence token, the same in every period (NIST SP
	 * 800-38G FF1 with the key, and the sequence name as tweak; see
	 * {@link DigitPermutation}). The IDs keep their width and stay unique, and
	 * consecutive values give unrelated numbers; {@link #readValue} restores the value.
	 * This is the permutation of idgen before the per-period one, which
	 * {@link #obfuscatedPerPeriod} writes.
	 * @param key the AES key, 16, 24 or 32 bytes, copied
	 * @param sequence the name of the sequence, which makes its permutation differ from
	 * that of other sequences with the same key
	 * @return the obfuscated format
	 * @throws IllegalArgumentException if the sequence token has no width or is text, or
	 * the key has another length
	 */
	public IdFormat obfuscated(byte[] key, String sequence) {
		return withSchedule(PermutationSchedule.fixed(key, sequence, obfuscatableWidth()));
	}

	/**
	 * Return a format like this one whose value is a keyed permutation of the sequence's
	 * value that differs in each period of the reset: FF1 as in {@link #obfuscated}, with
	 * the name of the period's counter as tweak (such as {@code order@20261121}), so that
	 * the same counter gives other digits in every period. The periods that begin before
	 * {@code from} have the permutation of {@link #obfuscated} instead, so that a
	 * sequence obfuscated so far can switch at a period boundary. {@link #readValue}
	 * restores the value with the permutation of the period that the ID's date/time
	 * fields write. A sequence that never resets has one period, whose tweak is the
	 * sequence name: its numbers are those of {@link #obfuscated}.
	 * @param key the AES key, 16, 24 or 32 bytes, copied
	 * @param sequence the name of the sequence
	 * @param reset the reset period of the sequence, whose periods the date/time fields
	 * of this format identify
	 * @param from the first day of the first period with a permutation of its own, or
	 * {@code null} for every period
	 * @return the obfuscated format
	 * @throws IllegalArgumentException if the sequence token has no width or is text, or
	 * the key has another length
	 */
	public IdFormat obfuscatedPerPeriod(byte[] key, String sequence, ResetPeriod reset, LocalDate from) {
		return withSchedule(PermutationSchedule.perPeriod(key, sequence, obfuscatableWidth(), reset, from));
	}

	private int obfuscatableWidth() {
		if (!(this.value instanceof DecimalDigits digits) || digits.width() == 0) {
			throw new IllegalArgumentException("Format '" + this.pattern + "' cannot be obfuscated: its value "
					+ this.value.token() + " is not decimal digits of a fixed width; write {seq:N}");
		}
		return digits.width();
	}

	private IdFormat withSchedule(PermutationSchedule schedule) {
		return new IdFormat(this.pattern, this.beforeSequence, schedule.anyField(), this.afterSequence, this.dateParts,
				schedule);
	}

	/**
	 * Return the tweak of the permutation that writes the value in the period that
	 * contains a day, see {@link PermutationSchedule#tweakOf(LocalDate)}.
	 * @param day a day of the period, in the zone of the sequence
	 * @return the tweak
	 * @throws IllegalStateException if this format is not obfuscated
	 */
	String permutationTweak(LocalDate day) {
		return schedule().tweakOf(day);
	}

	/**
	 * Return the key check value of this format's key with a tweak.
	 * @param tweak the tweak of a permutation
	 * @return the key check value
	 * @throws IllegalStateException if this format is not obfuscated
	 */
	long keyCheckValue(String tweak) {
		return schedule().checkValueOf(tweak);
	}

	/**
	 * Return the layout of the text this format writes: {@code #} for every character
	 * that a date/time field or the value writes, and every literal character as it is,
	 * so that patterns that write the same text, such as {@code D{yyyyMMdd}{seq:6}} and
	 * {@code D{yyyy}{MM}{dd}{seq:6}}, have the same layout, and patterns whose literal
	 * text differs at a position, such as a key version digit, have other layouts.
	 * @return the layout, such as {@code D##############}
	 */
	String layout() {
		StringBuilder layout = new StringBuilder();
		appendLayout(this.beforeSequence, layout);
		layout.append("#".repeat(width()));
		appendLayout(this.afterSequence, layout);
		return layout.toString();
	}

	private static void appendLayout(DateTimeFormatter formatter, StringBuilder layout) {
		List<String> texts = LAYOUT_TIMES.stream().map(formatter::format).toList();
		String first = texts.get(0);
		for (int i = 0; i < first.length(); i++) {
			char literal = first.charAt(i);
			int index = i;
			boolean field = texts.stream().anyMatch((text) -> text.charAt(index) != literal);
			layout.append(field ? '#' : literal);
		}
	}

	private PermutationSchedule schedule() {
		if (this.schedule == null) {
			throw new IllegalStateException("Format '" + this.pattern + "' is not obfuscated");
		}
		return this.schedule;
	}

	/**
	 * Return whether this format writes a keyed permutation of the value.
	 * @return whether the format is obfuscated
	 * @see #obfuscated(byte[], String)
	 */
	public boolean isObfuscated() {
		return this.schedule != null;
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
	 * @return {@code 10^width - 1}, or {@link Long#MAX_VALUE} for a token without a
	 * width, one wider than a {@code long} has digits, or one that writes text
	 */
	long maxValue() {
		return this.value.maxValue();
	}

	/**
	 * Return the width of the sequence token.
	 * @return the number of digits, 0 if the token has no width or writes text
	 */
	public int width() {
		return this.value.width();
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
		return this.pattern.substring(0, this.pattern.indexOf('{')) + reset.exampleField() + this.value.token();
	}

	@Override
	public String toString() {
		return this.pattern;
	}

}
