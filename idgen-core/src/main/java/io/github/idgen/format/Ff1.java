package io.github.idgen.format;

import java.security.GeneralSecurityException;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * FF1 of NIST SP 800-38G with AES, radix 10, on numeral strings of a fixed length
 * {@code n} from 2 to 19, each string read as the number it writes (leading zeros
 * included), so that a string and its value are interchangeable. Values are unsigned
 * longs below {@code 10^n}, which is below {@code 2^64}.
 * <p>
 * The algorithm follows the specification's steps (u, v, b, d, P, Q, R, S, y, c, m) with
 * two exact shortcuts that the fixed radix and length allow:
 * <ul>
 * <li>The PRF is a CBC-MAC with a zero IV over {@code P || Q}. Every block of it except
 * the last depends only on the key, the tweak and {@code n}, so its chaining value is
 * computed once, together with the constant bytes of the last block; a round then XORs
 * {@code i} and {@code NUM(B)} into those and makes one AES call.</li>
 * <li>With {@code v <= 10}, {@code b <= 5} and {@code d <= 12 < 16}, so {@code S} is the
 * first {@code d} bytes of {@code R}, and only {@code y mod 10^m} is needed, which
 * Horner's rule gives in long arithmetic.</li>
 * </ul>
 * <p>
 * Thread-safe: the fields are final and their arrays are never written after
 * construction; the only shared mutable state is a lock-free {@link CipherPool} of
 * initialised {@link Cipher}s, each of which is used by one thread at a time, between
 * taking it from the pool and giving it back.
 */
final class Ff1 {

	private static final int ROUNDS = 10;

	private static final int BLOCK = 16;

	private static final int RADIX = 10;

	private static final String TRANSFORMATION = "AES/ECB/NoPadding";

	private final SecretKeySpec key;

	private final int u;

	private final long powerOfTenU;

	private final long powerOfTenV;

	private final int b;

	private final int d;

	/**
	 * The CBC-MAC chaining value before the last block of {@code Q}, XORed with that
	 * block's constant bytes (the tweak's tail and zeros, {@code i} and {@code NUM(B)}
	 * left zero).
	 */
	private final byte[] lastBlockMask;

	private final CipherPool ciphers = new CipherPool(this::newCipher);

	/**
	 * Create FF1 for the given key, tweak and length.
	 * @param key the AES key, of 16, 24 or 32 bytes, checked by the caller
	 * @param tweak the tweak, may be empty
	 * @param n the number of digits, 2 to 19
	 */
	Ff1(byte[] key, byte[] tweak, int n) {
		this.key = new SecretKeySpec(key, "AES");
		this.u = n / 2;
		int v = n - this.u;
		this.powerOfTenU = powerOfTen(this.u);
		this.powerOfTenV = powerOfTen(v);
		int bits = Long.SIZE - Long.numberOfLeadingZeros(this.powerOfTenV - 1);
		this.b = (bits + 7) / 8;
		this.d = 4 * ((this.b + 3) / 4) + 4;
		Cipher cipher = newCipher();
		this.lastBlockMask = lastBlockMask(cipher, tweak, n);
		this.ciphers.give(cipher);
	}

	/**
	 * Return {@code 10^exponent}.
	 * @param exponent 0 to 18
	 * @return the power of ten
	 */
	static long powerOfTen(int exponent) {
		long power = 1;
		for (int i = 0; i < exponent; i++) {
			power *= RADIX;
		}
		return power;
	}

	/**
	 * Encrypt a numeral string (FF1.Encrypt).
	 * @param value the string's value, an unsigned long below {@code 10^n}
	 * @return the value of the ciphertext, an unsigned long below {@code 10^n}
	 */
	long encrypt(long value) {
		long numA = Long.divideUnsigned(value, this.powerOfTenV);
		long numB = Long.remainderUnsigned(value, this.powerOfTenV);
		Cipher cipher = this.ciphers.take();
		for (int i = 0; i < ROUNDS; i++) {
			long modulus = modulus(i);
			long c = (numA + y(cipher, i, numB, modulus)) % modulus;
			numA = numB;
			numB = c;
		}
		this.ciphers.give(cipher);
		return numA * this.powerOfTenV + numB;
	}

	/**
	 * Decrypt a numeral string (FF1.Decrypt).
	 * @param value the ciphertext's value, an unsigned long below {@code 10^n}
	 * @return the value of the plaintext, an unsigned long below {@code 10^n}
	 */
	long decrypt(long value) {
		long numA = Long.divideUnsigned(value, this.powerOfTenV);
		long numB = Long.remainderUnsigned(value, this.powerOfTenV);
		Cipher cipher = this.ciphers.take();
		for (int i = ROUNDS - 1; i >= 0; i--) {
			long modulus = modulus(i);
			long c = Math.floorMod(numB - y(cipher, i, numA, modulus), modulus);
			numB = numA;
			numA = c;
		}
		this.ciphers.give(cipher);
		return numA * this.powerOfTenV + numB;
	}

	/**
	 * Return {@code radix^m} of round {@code i}: {@code m} is {@code u} in even rounds
	 * and {@code v} in odd ones.
	 */
	private long modulus(int round) {
		return (round % 2 == 0) ? this.powerOfTenU : this.powerOfTenV;
	}

	/**
	 * Return {@code y mod radix^m} of a round, where {@code y = NUM(S)} and {@code S} is
	 * the first {@code d} bytes of {@code R = PRF(P || Q)}.
	 * @param cipher the cipher to use
	 * @param round the round number {@code i}
	 * @param half the value of the half that goes into {@code Q}
	 * @param modulus {@code radix^m}
	 */
	private long y(Cipher cipher, int round, long half, long modulus) {
		byte[] block = this.lastBlockMask.clone();
		block[BLOCK - this.b - 1] ^= (byte) round;
		for (int k = 1; k <= this.b; k++) {
			block[BLOCK - k] ^= (byte) (half >>> (8 * (k - 1)));
		}
		byte[] r = aes(cipher, block);
		long y = 0;
		for (int k = 0; k < this.d; k += 3) {
			int length = Math.min(3, this.d - k);
			long chunk = 0;
			for (int j = k; j < k + length; j++) {
				chunk = (chunk << 8) | (r[j] & 0xFF);
			}
			// y < 10^10 < 2^34, so y << 24 stays below 2^58
			y = ((y << (8 * length)) | chunk) % modulus;
		}
		return y;
	}

	/**
	 * Compute the CBC-MAC of {@code P} and every block of {@code Q} but the last, and XOR
	 * it with the last block's constant bytes.
	 */
	private byte[] lastBlockMask(Cipher cipher, byte[] tweak, int n) {
		int t = tweak.length;
		byte[] p = { 1, 2, 1, 0, 0, RADIX, 10, (byte) this.u, (byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8),
				(byte) n, (byte) (t >>> 24), (byte) (t >>> 16), (byte) (t >>> 8), (byte) t };
		byte[] q = new byte[t + Math.floorMod(-t - this.b - 1, BLOCK) + 1 + this.b];
		System.arraycopy(tweak, 0, q, 0, t);
		byte[] chain = aes(cipher, p);
		for (int offset = 0; offset < q.length; offset += BLOCK) {
			for (int k = 0; k < BLOCK; k++) {
				chain[k] ^= q[offset + k];
			}
			if (offset + BLOCK < q.length) {
				chain = aes(cipher, chain);
			}
		}
		return chain;
	}

	private Cipher newCipher() {
		try {
			Cipher cipher = Cipher.getInstance(TRANSFORMATION);
			cipher.init(Cipher.ENCRYPT_MODE, this.key);
			return cipher;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES (" + TRANSFORMATION + ") is not available", ex);
		}
	}

	private static byte[] aes(Cipher cipher, byte[] block) {
		try {
			return cipher.doFinal(block);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES failed to encrypt one block", ex);
		}
	}

}
