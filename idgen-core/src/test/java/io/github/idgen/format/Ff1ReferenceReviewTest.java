package io.github.idgen.format;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review: {@link DigitPermutation} against a literal, BigInteger transcription of FF1 of
 * NIST SP 800-38G (Algorithms 7 and 8, full CBC-MAC PRF, S extended as the standard
 * says), for every width, key size and tweak lengths around the block boundary.
 */
class Ff1ReferenceReviewTest {

	private static final BigInteger TEN = BigInteger.TEN;

	@ParameterizedTest(name = "width {0}")
	@ValueSource(ints = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 })
	void permutationIsNistFf1WithCycleWalking(int width) throws Exception {
		Random random = new Random(width);
		for (int keyLength : new int[] { 16, 24, 32 }) {
			for (int tweakLength : new int[] { 0, 1, 5, 10, 11, 12, 15, 16, 17, 31, 40 }) {
				byte[] key = new byte[keyLength];
				byte[] tweak = new byte[tweakLength];
				random.nextBytes(key);
				random.nextBytes(tweak);
				DigitPermutation permutation = DigitPermutation.of(key, tweak, width);
				int n = Math.max(width, 2);
				BigInteger max = (width == 19) ? BigInteger.valueOf(Long.MAX_VALUE)
						: TEN.pow(width).subtract(BigInteger.ONE);
				for (int k = 0; k < 20; k++) {
					long value = (k == 0) ? 0
							: (k == 1) ? max.longValueExact() : Math.floorMod(random.nextLong(), max.longValueExact());
					BigInteger expected = BigInteger.valueOf(value);
					do {
						expected = encrypt(key, tweak, n, expected);
					}
					while (expected.compareTo(max) > 0);
					assertThat(permutation.permute(value))
						.as("width %d key %d tweak %d value %d", width, keyLength, tweakLength, value)
						.isEqualTo(expected.longValueExact());
					assertThat(permutation.restore(expected.longValueExact())).isEqualTo(value);
				}
			}
		}
	}

	private static BigInteger encrypt(byte[] key, byte[] tweak, int n, BigInteger x) throws Exception {
		Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
		aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
		int u = n / 2;
		int v = n - u;
		BigInteger a = x.divide(TEN.pow(v));
		BigInteger b = x.mod(TEN.pow(v));
		int bBytes = (int) Math.ceil(Math.ceil(v * (Math.log(10) / Math.log(2))) / 8);
		int d = 4 * ((bBytes + 3) / 4) + 4;
		int t = tweak.length;
		byte[] p = { 1, 2, 1, 0, 0, 10, 10, (byte) (u % 256), 0, 0, 0, (byte) n, (byte) (t >>> 24), (byte) (t >>> 16),
				(byte) (t >>> 8), (byte) t };
		for (int i = 0; i < 10; i++) {
			int zeros = Math.floorMod(-t - bBytes - 1, 16);
			byte[] q = new byte[t + zeros + 1 + bBytes];
			System.arraycopy(tweak, 0, q, 0, t);
			q[t + zeros] = (byte) i;
			byte[] num = b.toByteArray();
			for (int k = 0; k < bBytes && k < num.length; k++) {
				q[q.length - 1 - k] = num[num.length - 1 - k];
			}
			byte[] pq = new byte[16 + q.length];
			System.arraycopy(p, 0, pq, 0, 16);
			System.arraycopy(q, 0, pq, 16, q.length);
			byte[] y = new byte[16];
			for (int off = 0; off < pq.length; off += 16) {
				for (int k = 0; k < 16; k++) {
					y[k] ^= pq[off + k];
				}
				y = aes.doFinal(y);
			}
			byte[] s = Arrays.copyOf(y, d);
			BigInteger yy = new BigInteger(1, s);
			int m = (i % 2 == 0) ? u : v;
			BigInteger c = a.add(yy).mod(TEN.pow(m));
			a = b;
			b = c;
		}
		return a.multiply(TEN.pow(v)).add(b);
	}

}
