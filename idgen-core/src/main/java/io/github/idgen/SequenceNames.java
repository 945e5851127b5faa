package io.github.idgen;

import java.util.Locale;

/**
 * Validates sequence names before they reach a backend.
 * <p>
 * A valid counter name, the name a store keeps a counter under, has 1 to
 * {@value #MAX_LENGTH} characters (Unicode code points), contains no control, format
 * (such as zero-width or bidirectional override), line or paragraph separator characters
 * nor unpaired surrogates, and neither starts nor ends with white space (no-break spaces
 * included). Every other character, quotes included, is allowed: stores bind names as
 * parameters and never splice them into a statement. A valid sequence name, the name a
 * caller asks for, is a valid counter name without {@value #PERIOD_SEPARATOR}, which
 * separates a formatted sequence's name from the period in the names of its period
 * counters (such as {@code order@20261121}): so no sequence can draw from another's
 * period counter. Backends may restrict names further (Redis forbids braces); see
 * {@link SequenceFactory#validateName(String)}.
 */
public final class SequenceNames {

	/**
	 * The maximum length of a sequence name, in Unicode code points.
	 */
	public static final int MAX_LENGTH = 128;

	/**
	 * The character that separates a sequence name from the period in the name of a
	 * period counter, reserved in sequence names.
	 */
	public static final char PERIOD_SEPARATOR = '@';

	/**
	 * The number of characters of a name that {@link #quote(String)} shows at most.
	 */
	static final int MAX_QUOTED_LENGTH = 64;

	private SequenceNames() {
	}

	/**
	 * Quote a name, valid or not, for a message or a log line: in single quotes, with
	 * control, format and line separator characters, quotes and backslashes escaped as in
	 * Java source, and cut after {@value #MAX_QUOTED_LENGTH} characters, saying how long
	 * it is, so that whatever a caller passed can neither forge log lines nor flood a
	 * message.
	 * @param name the name, may be {@code null}
	 * @return the quoted name, such as {@code 'order'}, or {@code null} unquoted
	 */
	public static String quote(String name) {
		if (name == null) {
			return "null";
		}
		StringBuilder quoted = new StringBuilder("'");
		int length = name.codePointCount(0, name.length());
		int shown = 0;
		for (int index = 0; index < name.length() && shown < MAX_QUOTED_LENGTH; shown++) {
			int codePoint = name.codePointAt(index);
			index += Character.charCount(codePoint);
			appendEscaped(quoted, codePoint);
		}
		quoted.append('\'');
		if (shown < length) {
			quoted.append("... (").append(length).append(" characters)");
		}
		return quoted.toString();
	}

	private static void appendEscaped(StringBuilder quoted, int codePoint) {
		switch (codePoint) {
			case '\n' -> quoted.append("\\n");
			case '\r' -> quoted.append("\\r");
			case '\t' -> quoted.append("\\t");
			case '\'' -> quoted.append("\\'");
			case '\\' -> quoted.append("\\\\");
			default -> {
				if (Character.isISOControl(codePoint) || Character.getType(codePoint) == Character.FORMAT
						|| Character.getType(codePoint) == Character.LINE_SEPARATOR
						|| Character.getType(codePoint) == Character.PARAGRAPH_SEPARATOR) {
					quoted.append(String.format(Locale.ROOT, "\\u%04x", codePoint));
				}
				else {
					quoted.appendCodePoint(codePoint);
				}
			}
		}
	}

	/**
	 * Check that the given name is a valid sequence name: a valid counter name without
	 * {@value #PERIOD_SEPARATOR}.
	 * @param name the name to check
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name is not valid, naming the rule it
	 * breaks
	 */
	public static String validate(String name) {
		validateCounter(name);
		if (name.indexOf(PERIOD_SEPARATOR) >= 0) {
			throw new IllegalArgumentException("Sequence name must not contain '" + PERIOD_SEPARATOR
					+ "', which separates a formatted sequence's name from the period in its counters' names: "
					+ quote(name));
		}
		return name;
	}

	/**
	 * Check that the given name is a valid counter name: a sequence name, or the name of
	 * a formatted sequence's period counter such as {@code order@20261121}.
	 * @param name the name to check
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name is not valid, naming the rule it
	 * breaks
	 */
	public static String validateCounter(String name) {
		if (name == null || name.isEmpty()) {
			throw new IllegalArgumentException("Sequence name must not be empty");
		}
		int length = name.codePointCount(0, name.length());
		if (length > MAX_LENGTH) {
			throw new IllegalArgumentException("Sequence name must have at most " + MAX_LENGTH + " characters but has "
					+ length + ": " + quote(name));
		}
		if (name.codePoints().anyMatch(SequenceNames::isInvisibleOrBreaking)) {
			throw new IllegalArgumentException("Sequence name must not contain control characters, format characters, "
					+ "line or paragraph separators or unpaired surrogates: " + quote(name));
		}
		if (isSpace(name.codePointAt(0)) || isSpace(name.codePointBefore(name.length()))) {
			throw new IllegalArgumentException("Sequence name must not start or end with white space: " + quote(name));
		}
		return name;
	}

	/**
	 * Whether a code point would hide or break a name where it is shown: a control
	 * character, a format character (zero-width, bidirectional override), a line or
	 * paragraph separator, or half of a surrogate pair without its other half.
	 */
	private static boolean isInvisibleOrBreaking(int codePoint) {
		int type = Character.getType(codePoint);
		return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
				|| type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE;
	}

	private static boolean isSpace(int codePoint) {
		return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
	}

	/**
	 * Return the exception for a sequence that was asked for a formatted ID but has no
	 * format, naming the property that gives it one.
	 * @param name the sequence name
	 * @return the exception, to throw
	 */
	static IllegalStateException noFormat(String name) {
		return new IllegalStateException("Sequence " + quote(name) + " has no format: set idgen.sequences."
				+ propertyKey(name) + ".format, such as ORD{yyyyMMdd}{seq:6}");
	}

	/**
	 * Return a sequence name as a key of {@code idgen.sequences} in a property name: as
	 * it is when Spring Boot binds it unchanged without brackets (lower-case letters,
	 * digits, {@code -}), in brackets otherwise, such as {@code [orders/eu]}.
	 * @param name the sequence name
	 * @return the key
	 */
	static String propertyKey(String name) {
		for (int i = 0; i < name.length(); i++) {
			char character = name.charAt(i);
			if (!(character >= 'a' && character <= 'z') && !(character >= '0' && character <= '9')
					&& character != '-') {
				return "[" + name + "]";
			}
		}
		return name.isEmpty() ? "[]" : name;
	}

}
