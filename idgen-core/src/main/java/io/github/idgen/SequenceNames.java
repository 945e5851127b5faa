package io.github.idgen;

/**
 * Validates sequence names before they reach a backend.
 * <p>
 * A valid name has 1 to {@value #MAX_LENGTH} characters (Unicode code points), contains
 * no control characters and neither starts nor ends with white space. Every other
 * character, quotes included, is allowed: stores bind names as parameters and never
 * splice them into a statement.
 */
public final class SequenceNames {

	/**
	 * The maximum length of a sequence name, in Unicode code points.
	 */
	public static final int MAX_LENGTH = 128;

	private SequenceNames() {
	}

	/**
	 * Check that the given name is a valid sequence name.
	 * @param name the name to check
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name is not valid, with the reason
	 */
	public static String validate(String name) {
		if (name == null || name.isEmpty()) {
			throw new IllegalArgumentException("Sequence name must not be empty");
		}
		int length = name.codePointCount(0, name.length());
		if (length > MAX_LENGTH) {
			throw new IllegalArgumentException("Sequence name must have at most " + MAX_LENGTH
					+ " characters but has " + length + ": '" + name.substring(0, name.offsetByCodePoints(0, 32)) + "...'");
		}
		if (name.codePoints().anyMatch(Character::isISOControl)) {
			throw new IllegalArgumentException("Sequence name must not contain control characters: '"
					+ name.replaceAll("\\p{Cntrl}", "?") + "'");
		}
		if (Character.isWhitespace(name.codePointAt(0))
				|| Character.isWhitespace(name.codePointBefore(name.length()))) {
			throw new IllegalArgumentException(
					"Sequence name must not start or end with white space: '" + name + "'");
		}
		return name;
	}

}
