package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.text.ParsePosition;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
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

	private final String pattern;

	private final DateTimeFormatter beforeSequence;

	private final ValueField value;

	private final DateTimeFormatter afterSequence;

	private final Set<DatePart> dateParts;

	private final int beforeLength;

	private final int afterLength;

	IdFormat(String pattern, DateTimeFormatter beforeSequence, ValueField value, DateTimeFormatter afterSequence,
			Set<DatePart> dateParts) {
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
		this.value.write(value, id);
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
		checkMatches(this.beforeSequence, id.substring(0, this.beforeLength), "before");
		checkMatches(this.afterSequence, id.substring(id.length() - this.afterLength), "after");
		return this.value.read(id.substring(this.beforeLength, id.length() - this.afterLength));
	}

	private static void checkMatches(DateTimeFormatter formatter, String text, String where) {
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
	}

	/**
	 * Return a format like this one whose value is a keyed permutation of the sequence's
	 * value within the width of the sequence token (NIST SP 800-38G FF1 with the key, and
	 * the sequence name as tweak; see {@link DigitPermutation}). The IDs keep their width
	 * and stay unique, and consecutive values give unrelated numbers; {@link #readValue}
	 * restores the value.
	 * @param key the AES key, 16, 24 or 32 bytes
	 * @param sequence the name of the sequence, which makes its permutation differ from
	 * that of other sequences with the same key
	 * @return the obfuscated format
	 * @throws IllegalArgumentException if the sequence token has no width or is text, or
	 * the key has another length
	 */
	public IdFormat obfuscated(byte[] key, String sequence) {
		if (!(this.value instanceof DecimalDigits digits) || digits.width() == 0) {
			throw new IllegalArgumentException("Format '" + this.pattern + "' cannot be obfuscated: its value "
					+ this.value.token() + " is not decimal digits of a fixed width; write {seq:N}");
		}
		DigitPermutation permutation = DigitPermutation.of(key, sequence.getBytes(StandardCharsets.UTF_8),
				digits.width());
		return new IdFormat(this.pattern, this.beforeSequence, new PermutedDigits(permutation), this.afterSequence,
				this.dateParts);
	}

	/**
	 * Return whether this format writes a keyed permutation of the value.
	 * @return whether the format is obfuscated
	 * @see #obfuscated(byte[], String)
	 */
	public boolean isObfuscated() {
		return this.value instanceof PermutedDigits;
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
