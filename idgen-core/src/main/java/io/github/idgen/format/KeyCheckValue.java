package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key check value of one keyed permutation: the first 62 bits of HMAC-SHA256 under
 * the key of the constant {@code idgen key check value 1}, a zero byte and the UTF-8
 * tweak of the permutation (the sequence name for the fixed permutation, the period's
 * counter name, such as {@code order@20261121}, for a per-period one), as a positive
 * {@code long}. Recorded with the counter, it tells whether two instances write a
 * period's numbers with the same permutation without telling the key: computing a key
 * from it is as hard as breaking HMAC-SHA256 for a random key.
 * <p>
 * Values are recorded per counter and per {@linkplain #scopeOf(String) layout} of the
 * format, since numbers whose literal text differs at a position never meet (a key
 * version digit in the format lets instances switch keys one by one).
 */
public final class KeyCheckValue {

	private static final byte[] CONSTANT = "idgen key check value 1\0".getBytes(StandardCharsets.US_ASCII);

	private KeyCheckValue() {
	}

	/**
	 * Return the key check value of the permutation of a key and a tweak.
	 * @param key the obfuscation key, 16, 24 or 32 bytes
	 * @param tweak the tweak of the permutation: the sequence name, or a period's counter
	 * name
	 * @return the check value, from 0 to {@code 2^62 - 1}
	 */
	public static long of(byte[] key, String tweak) {
		Objects.requireNonNull(key, "Key must not be null");
		Objects.requireNonNull(tweak, "Tweak must not be null");
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key, "HmacSHA256"));
			mac.update(CONSTANT);
			byte[] digest = mac.doFinal(tweak.getBytes(StandardCharsets.UTF_8));
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

	/**
	 * Return the scope of the key check values of a format: the first 8 hexadecimal
	 * digits of the SHA-256 of its layout, the text it writes with every character of a
	 * date/time field or of the value replaced by {@code #} (such as
	 * {@code D##############} for {@code D{yyyyMMdd}{seq:6}}), so that values of formats
	 * whose literal text differs are recorded apart and formats that write the same text
	 * share them. Two layouts that share a scope are checked against each other, which is
	 * stricter, never weaker.
	 * @param layout the layout of the format
	 * @return the scope, such as {@code 3f2a9c01}
	 */
	public static String scopeOf(String layout) {
		Objects.requireNonNull(layout, "Layout must not be null");
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(layout.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest, 0, 4);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is not available", ex);
		}
	}

}
