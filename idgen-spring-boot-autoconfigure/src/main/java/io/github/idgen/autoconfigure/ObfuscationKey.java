package io.github.idgen.autoconfigure;

import java.util.Base64;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Decodes an obfuscation key from its property and refuses one that is not the Base64 of
 * 16, 24 or 32 bytes, or that is obviously not random: text in one case of letters only
 * (a passphrase of Base64 characters, such as {@code correcthorsebatterystaplecorrect},
 * decodes to 24 bytes) or of digits only (such as
 * {@code 12345678901234567890123456789012}), bytes that are all printable ASCII (the
 * Base64 of a passphrase), all equal, counting up or down by a constant step, or a
 * pattern of at most 8 bytes repeated. A random key fails these checks with a probability
 * below 10^-6. Messages name the property, never the key.
 */
final class ObfuscationKey {

	/**
	 * What a message shows instead of a key.
	 */
	static final String HIDDEN = "******";

	static final String KEY_ADVICE = "the Base64 of 16, 24 or 32 random bytes, such as the output of "
			+ "'openssl rand -base64 32', the same on every instance; keep it secret, as anyone with it can count "
			+ "the numbers.";

	private static final int LONGEST_REPEATED_PATTERN = 8;

	private ObfuscationKey() {
	}

	/**
	 * Decode and check a key.
	 * @param property the property that holds the key, named in failures
	 * @param key the key's text, not blank
	 * @return the key's bytes, for the caller to clear after use
	 * @throws IdGeneratorConfigurationException if the key is not Base64 of an AES key or
	 * is obviously not random
	 */
	static byte[] decode(String property, String key) {
		String text = key.strip();
		byte[] bytes;
		try {
			bytes = Base64.getDecoder().decode(text);
		}
		catch (IllegalArgumentException ex) {
			throw refused(property, property + " is not Base64 (" + key.length() + " characters).");
		}
		if (bytes.length != 16 && bytes.length != 24 && bytes.length != 32) {
			throw refused(property, property + " holds " + bytes.length + " bytes, and a key has 16, 24 or 32.");
		}
		String weakness = weakness(text, bytes);
		if (weakness != null) {
			throw refused(property, property + " is not random: " + weakness + ".");
		}
		return bytes;
	}

	private static String weakness(String text, byte[] bytes) {
		if (singleCaseLetters(text)) {
			return "its text is letters of one case only, like a passphrase";
		}
		if (text.replace("=", "").chars().allMatch((c) -> c >= '0' && c <= '9')) {
			return "its text is digits only, like a number or a date";
		}
		if (printable(bytes)) {
			return "its bytes are printable text, like the Base64 of a passphrase";
		}
		if (constantStep(bytes)) {
			return "its bytes are equal or count by a constant step";
		}
		if (repeatsPattern(bytes)) {
			return "its bytes repeat a pattern of " + LONGEST_REPEATED_PATTERN + " bytes or fewer";
		}
		return null;
	}

	private static boolean singleCaseLetters(String text) {
		String letters = text.replace("=", "");
		return letters.chars().allMatch((c) -> c >= 'a' && c <= 'z')
				|| letters.chars().allMatch((c) -> c >= 'A' && c <= 'Z');
	}

	private static boolean printable(byte[] bytes) {
		for (byte b : bytes) {
			if (b < 0x20 || b > 0x7e) {
				return false;
			}
		}
		return true;
	}

	private static boolean constantStep(byte[] bytes) {
		int step = (bytes[1] - bytes[0]) & 0xff;
		for (int i = 2; i < bytes.length; i++) {
			if (((bytes[i] - bytes[i - 1]) & 0xff) != step) {
				return false;
			}
		}
		return true;
	}

	private static boolean repeatsPattern(byte[] bytes) {
		for (int period = 1; period <= LONGEST_REPEATED_PATTERN; period++) {
			if (repeatsWithPeriod(bytes, period)) {
				return true;
			}
		}
		return false;
	}

	private static boolean repeatsWithPeriod(byte[] bytes, int period) {
		for (int i = period; i < bytes.length; i++) {
			if (bytes[i] != bytes[i - period]) {
				return false;
			}
		}
		return true;
	}

	private static IdGeneratorConfigurationException refused(String property, String description) {
		return new IdGeneratorConfigurationException(property, HIDDEN, description,
				"Set " + property + " to " + KEY_ADVICE);
	}

}
