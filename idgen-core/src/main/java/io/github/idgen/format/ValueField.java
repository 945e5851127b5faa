package io.github.idgen.format;

/**
 * How the sequence token of an {@link IdFormat} writes a value, and reads it back from
 * what it wrote.
 * <p>
 * Implementations are immutable and thread-safe.
 */
sealed interface ValueField permits DecimalDigits, PermutedDigits, EncodedText {

	/**
	 * Return the token as a pattern writes it.
	 * @return the token, such as {@code {seq:6}}
	 */
	String token();

	/**
	 * Return the number of characters this field writes for every value.
	 * @return the number of characters, 0 if it depends on the value
	 */
	int length();

	/**
	 * Return the number of decimal digits a value is padded to.
	 * @return the width, 0 if the field is not padded decimal digits
	 */
	int width();

	/**
	 * Return the largest value this field writes.
	 * @return the largest value
	 */
	long maxValue();

	/**
	 * Append a value.
	 * @param value the value, from 0 to {@link #maxValue()}
	 * @param id where to append it
	 */
	void write(long value, StringBuilder id);

	/**
	 * Read the value from the characters this field wrote.
	 * @param text the characters
	 * @return the value
	 * @throws IllegalArgumentException if this field cannot have written the characters,
	 * saying why
	 */
	long read(String text);

	/**
	 * Return the value of decimal digits, checking that they are digits only.
	 * @param text the characters
	 * @return their value
	 * @throws IllegalArgumentException if they are not 1 to 19 ASCII digits of a value up
	 * to {@link Long#MAX_VALUE}
	 */
	static long digits(String text) {
		for (int index = 0; index < text.length(); index++) {
			char c = text.charAt(index);
			if (c < '0' || c > '9') {
				throw new IllegalArgumentException(
						"the value holds a character other than the digits 0 to 9 at index " + index);
			}
		}
		try {
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("the value " + text + " exceeds " + Long.MAX_VALUE, ex);
		}
	}

}
