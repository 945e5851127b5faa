package io.github.idgen.format;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

import io.github.idgen.text.IdCodec;

/**
 * Parses the pattern of an {@link IdFormat}: splits it at its sequence token into a
 * {@link DateTimeFormatter} for the text before and one for the text after, literal text
 * and date/time fields alike, and collects the parts of the date its fields write.
 */
final class IdFormatParser {

	private static final String SEQUENCE_TOKEN = "seq";

	private static final int MAX_WIDTH = 19;

	private final String pattern;

	private DateTimeFormatterBuilder current = new DateTimeFormatterBuilder();

	private DateTimeFormatter beforeSequence;

	private ValueField value;

	private final Set<DatePart> dateParts = EnumSet.noneOf(DatePart.class);

	IdFormatParser(String pattern) {
		this.pattern = pattern;
	}

	IdFormat parse() {
		if (this.pattern == null || this.pattern.isEmpty()) {
			throw new IllegalArgumentException("ID format pattern must not be empty");
		}
		int index = 0;
		while (index < this.pattern.length()) {
			int open = this.pattern.indexOf('{', index);
			int end = (open != -1) ? open : this.pattern.length();
			checkNoClosingBrace(index, end);
			this.current.appendLiteral(this.pattern.substring(index, end));
			index = (open != -1) ? field(open) : end;
		}
		if (this.beforeSequence == null) {
			throw invalid("it has no sequence token; add {seq} or {seq:N}");
		}
		return new IdFormat(this.pattern, this.beforeSequence, this.value, formatter(), this.dateParts);
	}

	private void checkNoClosingBrace(int from, int to) {
		int close = this.pattern.indexOf('}', from);
		if (close != -1 && close < to) {
			throw invalid("'}' at index " + close + " has no matching '{'");
		}
	}

	private int field(int open) {
		int close = this.pattern.indexOf('}', open);
		int nested = this.pattern.indexOf('{', open + 1);
		if (close == -1) {
			throw invalid("'{' at index " + open + " is not closed");
		}
		if (nested != -1 && nested < close) {
			throw invalid("'{' at index " + nested + " opens a field inside the field at index " + open);
		}
		String field = this.pattern.substring(open + 1, close);
		if (field.isEmpty()) {
			throw invalid("'{}' at index " + open + " is an empty field");
		}
		if (field.regionMatches(true, 0, SEQUENCE_TOKEN, 0, SEQUENCE_TOKEN.length())) {
			sequenceToken(field);
		}
		else {
			dateTimeField(field);
		}
		return close + 1;
	}

	private void sequenceToken(String field) {
		ValueField value = valueField(field);
		if (this.beforeSequence != null) {
			throw invalid("it has more than one sequence token; exactly one {seq} or {seq:N} is allowed");
		}
		this.value = value;
		this.beforeSequence = formatter();
		this.current = new DateTimeFormatterBuilder();
	}

	private ValueField valueField(String field) {
		if (field.equals(SEQUENCE_TOKEN)) {
			return new DecimalDigits(0);
		}
		if (field.startsWith(SEQUENCE_TOKEN + ":")) {
			String argument = field.substring(SEQUENCE_TOKEN.length() + 1);
			IdCodec codec = EncodedText.codecNamed(argument);
			return (codec != null) ? new EncodedText(codec) : new DecimalDigits(width(argument));
		}
		throw invalid("'{" + field + "}' is not a sequence token; write {seq} or {seq:N}");
	}

	private int width(String width) {
		int value = (width.matches("[0-9]{1,2}")) ? Integer.parseInt(width) : 0;
		if (value < 1 || value > MAX_WIDTH) {
			throw invalid("the width '" + width + "' of {seq:N} must be a number from 1 to " + MAX_WIDTH
					+ ", or the text of {seq:base62} or {seq:crockford-base32}");
		}
		return value;
	}

	private void dateTimeField(String field) {
		try {
			this.current.appendPattern(field);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(
					message("'{" + field + "}' is not a valid date/time pattern: " + ex.getMessage()), ex);
		}
		try {
			this.dateParts.addAll(DateTimePatternLetters.dateParts(field));
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(message(ex.getMessage()), ex);
		}
	}

	private DateTimeFormatter formatter() {
		return this.current.toFormatter(Locale.ROOT);
	}

	private IllegalArgumentException invalid(String reason) {
		return new IllegalArgumentException(message(reason));
	}

	private String message(String reason) {
		return "Invalid ID format pattern '" + this.pattern + "': " + reason;
	}

}
