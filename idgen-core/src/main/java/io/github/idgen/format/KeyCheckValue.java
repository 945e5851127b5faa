package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Objects;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key check value of an obfuscation key for one sequence: the first 62 bits of
 * HMAC-SHA256 under the key of the constant {@code idgen key check value 1}, a zero byte
 * and the UTF-8 sequence name, as a positive {@code long}. Recorded with the counter, it
 * tells whether two instances permute a sequence with the same key without telling the
 * key: computing a key from it is as hard as breaking HMAC-SHA256 for a random key.
 */
public final class KeyCheckValue {

	private static final byte[] CONSTANT = "idgen key check value 1\0".getBytes(StandardCharsets.US_ASCII);

	private KeyCheckValue() {
	}

	/**
	 * Return the key check value of a key for a sequence.
	 * @param key the obfuscation key, 16, 24 or 32 bytes
	 * @param sequence the sequence name
	 * @return the check value, from 0 to {@code 2^62 - 1}
	 */
	public static long of(byte[] key, String sequence) {
		Objects.requireNonNull(key, "Key must not be null");
		Objects.requireNonNull(sequence, "Sequence must not be null");
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key, "HmacSHA256"));
			mac.update(CONSTANT);
			byte[] digest = mac.doFinal(sequence.getBytes(StandardCharsets.UTF_8));
			long value = 0;
			for (int i = 0; i < Long.BYTES; i++) {
				value = (value << 8) | (digest[i] & 0xff);
			}
			return value >>> 2;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available", ex);
		}
	}

}
