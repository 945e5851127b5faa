package io.github.idgen.text;

import java.util.Arrays;
import java.util.Locale;

import io.github.idgen.SequenceNames;

/**
 * Order-preserving text encodings of IDs: an ID, a non-negative {@code long}, written as
 * a string of fixed width in a positional number system whose digits are in ASCII order,
 * padded on the left with {@code '0'}. So the {@link String#compareTo(String)} order of
 * two encoded IDs is the numeric order of the IDs: encoded IDs sort in a database column,
 * a file name or a URL as the IDs do.
 * <p>
 * Neither encoding nor decoding allocates more than the result, uses regular expressions
 * or {@code BigInteger}; decoding checks for overflow exactly. Constants are thread safe.
 */
public enum IdCodec {

	/**
	 * Douglas Crockford's Base32: 13 characters of
	 * {@code 0123456789ABCDEFGHJKMNPQRSTVWXYZ} (no {@code I}, {@code L}, {@code O} and
	 * {@code U}), such as {@code 7ZZZZZZZZZZZZ} for {@link Long#MAX_VALUE}. Encoding
	 * writes upper case; decoding, as Crockford specifies, ignores case and reads
	 * {@code I} and {@code L} as {@code 1} and {@code O} as {@code 0}. Hyphens and check
	 * symbols are not accepted.
	 */
	CROCKFORD_BASE32("Crockford Base32", "0123456789ABCDEFGHJKMNPQRSTVWXYZ", 13, true, "I1L1O0"),

	/**
	 * Base62: 11 characters of {@code 0-9}, {@code A-Z} and {@code a-z}, in this (ASCII)
	 * order, such as {@code AzL8n0Y58m7} for {@link Long#MAX_VALUE}. Case-sensitive.
	 */
	BASE62("Base62", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 11, false, "");

	private static final byte NOT_A_DIGIT = -1;

	private final String displayName;

	private final String alphabet;

	private final char[] symbols;

	private final int length;

	/**
	 * The digit of each ASCII character, {@link #NOT_A_DIGIT} for one that is none.
	 */
	private final byte[] digits = new byte[128];

	/**
	 * The largest value that can be multiplied by the radix without exceeding
	 * {@link Long#MAX_VALUE}, and the largest digit that can then be added to it.
	 */
	private final long maxBeforeLastDigit;

	private final int maxLastDigit;

	/**
	 * Create a codec.
	 * @param displayName the name of the encoding in messages
	 * @param alphabet the digits in ascending order, ASCII only
	 * @param length the number of digits of every encoded ID
	 * @param ignoreCase whether decoding reads a letter of either case as the digit
	 * @param aliases pairs of a letter that decoding reads as a digit and that digit
	 */
	IdCodec(String displayName, String alphabet, int length, boolean ignoreCase, String aliases) {
		this.displayName = displayName;
		this.alphabet = alphabet;
		this.symbols = alphabet.toCharArray();
		this.length = length;
		Arrays.fill(this.digits, NOT_A_DIGIT);
		for (int digit = 0; digit < this.symbols.length; digit++) {
			setDigit(this.symbols[digit], digit, ignoreCase);
		}
		for (int pair = 0; pair < aliases.length(); pair += 2) {
			setDigit(aliases.charAt(pair), this.digits[aliases.charAt(pair + 1)], ignoreCase);
		}
		this.maxBeforeLastDigit = Long.MAX_VALUE / this.symbols.length;
		this.maxLastDigit = (int) (Long.MAX_VALUE % this.symbols.length);
	}

	private void setDigit(char character, int digit, boolean ignoreCase) {
		this.digits[character] = (byte) digit;
		if (ignoreCase) {
			this.digits[Character.toLowerCase(character)] = (byte) digit;
		}
	}

	/**
	 * Return the name of this codec in an ID format's sequence token,
	 * {@code {seq:<name>}}, and in the {@code text} property of a sequence.
	 * @return {@code crockford-base32} or {@code base62}
	 */
	public String formatName() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * Return the number of characters of every encoded ID.
	 * @return 13 for Crockford's Base32, 11 for Base62
	 */
	public int length() {
		return this.length;
	}

	/**
	 * Encode an ID as {@link #length()} characters, padded on the left with {@code '0'}.
	 * @param id the ID, not negative
	 * @return the encoded ID
	 * @throws IllegalArgumentException if the ID is negative
	 */
	public String encode(long id) {
		if (id < 0) {
			throw new IllegalArgumentException(
					"An ID encoded in " + this.displayName + " must not be negative, but it is " + id);
		}
		int radix = this.symbols.length;
		char[] encoded = new char[this.length];
		long remaining = id;
		for (int index = this.length - 1; index >= 0; index--) {
			encoded[index] = this.symbols[(int) (remaining % radix)];
			remaining /= radix;
		}
		return new String(encoded);
	}

	/**
	 * Decode an ID that {@link #encode(long)} wrote.
	 * @param text the encoded ID: exactly {@link #length()} characters
	 * @return the ID
	 * @throws IllegalArgumentException if the text is {@code null}, has another length,
	 * holds a character outside the alphabet, or stands for a value above
	 * {@link Long#MAX_VALUE}; the message quotes the text
	 */
	public long decode(CharSequence text) {
		checkLength(text);
		int radix = this.symbols.length;
		long id = 0;
		for (int index = 0; index < this.length; index++) {
			char character = text.charAt(index);
			int digit = (character < this.digits.length) ? this.digits[character] : NOT_A_DIGIT;
			if (digit == NOT_A_DIGIT) {
				throw notInAlphabet(text, index);
			}
			if (id > this.maxBeforeLastDigit || (id == this.maxBeforeLastDigit && digit > this.maxLastDigit)) {
				throw new IllegalArgumentException(describe(text) + " is above the largest ID, Long.MAX_VALUE, which "
						+ this.displayName + " writes as '" + encode(Long.MAX_VALUE) + "'");
			}
			id = id * radix + digit;
		}
		return id;
	}

	private void checkLength(CharSequence text) {
		if (text == null) {
			throw new IllegalArgumentException(
					"An ID in " + this.displayName + " must not be null: " + this.length + " characters expected");
		}
		if (text.length() == 0) {
			throw new IllegalArgumentException(
					"An ID in " + this.displayName + " must not be empty: " + this.length + " characters expected");
		}
		if (text.length() != this.length) {
			throw new IllegalArgumentException(
					describe(text) + " has length " + text.length() + ", but " + this.length + " characters expected");
		}
	}

	private IllegalArgumentException notInAlphabet(CharSequence text, int index) {
		int codePoint = Character.codePointAt(text, index);
		return new IllegalArgumentException(
				describe(text) + " has the character " + SequenceNames.quote(new String(Character.toChars(codePoint)))
						+ String.format(Locale.ROOT, " (U+%04X) at index %d, which is not in the ", codePoint, index)
						+ this.displayName + " alphabet " + this.alphabet);
	}

	private String describe(CharSequence text) {
		return "The " + this.displayName + " ID " + SequenceNames.quote(text.toString());
	}

}
