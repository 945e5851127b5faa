package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongUnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * Tests for {@link DigitPermutation} and the FF1 behind it.
 */
class DigitPermutationTest {

	private static final String AES_128 = "2B7E151628AED2A6ABF7158809CF4F3C";

	private static final String AES_192 = AES_128 + "EF4359D8D580AA4F";

	private static final String AES_256 = AES_192 + "7F036D6F04FC6A94";

	private static final byte[] KEY = hex(AES_128);

	private static final byte[] ORDER = utf8("order");

	/**
	 * The radix-10 samples of NIST's "FF1samples" (examples with intermediate values for
	 * SP 800-38G): plaintext {@code 0123456789}, empty tweak or the tweak
	 * {@code 39383736353433323130}.
	 */
	@ParameterizedTest(name = "Sample {0}")
	@CsvSource({ "1, " + AES_128 + ", '', 2433477484", "2, " + AES_128 + ", 39383736353433323130, 6124200773",
			"4, " + AES_192 + ", '', 2830668132", "5, " + AES_192 + ", 39383736353433323130, 2496655549",
			"7, " + AES_256 + ", '', 6657667009", "8, " + AES_256 + ", 39383736353433323130, 1001623463" })
	void matchesNistSamples(int sample, String key, String tweak, long ciphertext) {
		DigitPermutation permutation = DigitPermutation.of(hex(key), hex(tweak), 10);
		assertThat(permutation.permute(123456789L)).isEqualTo(ciphertext);
		assertThat(permutation.restore(ciphertext)).isEqualTo(123456789L);
	}

	/**
	 * Pinned results of this implementation, cross-checked once against an independent
	 * FF1. Numbers already issued are decoded with the permutation they were issued with:
	 * a change that fails this test breaks decoding them and must not ship.
	 */
	@Test
	void pinnedPermutationsOfOneSixAndNineteenDigits() {
		assertThat(table(DigitPermutation.of(KEY, ORDER, 1))).containsExactly(2, 6, 7, 4, 8, 1, 3, 5, 0, 9);
		assertThat(table(DigitPermutation.of(KEY, new byte[0], 1))).containsExactly(8, 7, 9, 1, 3, 5, 0, 2, 4, 6);
		DigitPermutation six = DigitPermutation.of(KEY, ORDER, 6);
		assertThat(permuteAll(six, 0, 1, 2, 3, 999_999)).containsExactly(137849, 769996, 694988, 382232, 140895);
		DigitPermutation sixUtf8 = DigitPermutation.of(hex(AES_256), utf8("订单"), 6);
		assertThat(permuteAll(sixUtf8, 1, 2)).containsExactly(950479, 822816);
		DigitPermutation nineteen = DigitPermutation.of(KEY, ORDER, 19);
		assertThat(permuteAll(nineteen, 0, 1, 1_000_000_000_000_000_000L)).containsExactly(2141915439390554953L,
				4487163092980429849L, 6424490657607400091L);
		// FF1 gives 9800718174273082693 and 9756269258076875143 first, above
		// Long.MAX_VALUE
		assertThat(permuteAll(nineteen, Long.MAX_VALUE, 21)).containsExactly(722861541206835214L, 366187629247655750L);
		assertThat(nineteen.restore(722861541206835214L)).isEqualTo(Long.MAX_VALUE);
		assertThat(nineteen.restore(366187629247655750L)).isEqualTo(21);
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 2, 3 })
	void permutesEveryValueOfTheDomainOntoAnother(int width) {
		DigitPermutation permutation = DigitPermutation.of(KEY, ORDER, width);
		int size = (int) permutation.maxValue() + 1;
		boolean[] seen = new boolean[size];
		for (long value = 0; value < size; value++) {
			long permuted = permutation.permute(value);
			assertThat(permuted).isBetween(0L, permutation.maxValue());
			assertThat(seen[(int) permuted]).as("%d is the image of two values", permuted).isFalse();
			seen[(int) permuted] = true;
			assertThat(permutation.restore(permuted)).isEqualTo(value);
		}
	}

	@Test
	void nineteenDigitsStayWithinSignedLongs() {
		DigitPermutation permutation = DigitPermutation.of(KEY, ORDER, 19);
		assertThat(permutation.maxValue()).isEqualTo(Long.MAX_VALUE);
		List<Long> values = new ArrayList<>(
				List.of(0L, 1L, 1L << 53, Long.MAX_VALUE, Long.MAX_VALUE - 1, 1_000_000_000_000_000_000L));
		new Random(19).longs(3000, 0, Long.MAX_VALUE).forEach(values::add);
		for (long value : values) {
			long permuted = permutation.permute(value);
			assertThat(permuted).as("permutation of %d", value).isNotNegative();
			assertThat(permutation.restore(permuted)).isEqualTo(value);
		}
	}

	@Test
	void consecutiveCountersLookUnrelated() {
		DigitPermutation permutation = DigitPermutation.of(KEY, ORDER, 8);
		assertThat(ascendingPairs(permutation::permute)).isCloseTo(0.5, within(0.01));
		assertThat(meanFraction(permutation::permute)).isCloseTo(0.5, within(0.01));
	}

	@Test
	void orderStatisticsTellCountedNumbersApart() {
		assertThat(ascendingPairs(LongUnaryOperator.identity())).isEqualTo(1.0);
		assertThat(meanFraction(LongUnaryOperator.identity())).isLessThan(0.01);
	}

	@Test
	void otherTweaksAndKeysGiveOtherPermutations() {
		long[] order = permuteRange(DigitPermutation.of(KEY, ORDER, 6));
		long[] invoice = permuteRange(DigitPermutation.of(KEY, utf8("invoice"), 6));
		long[] empty = permuteRange(DigitPermutation.of(KEY, new byte[0], 6));
		long[] otherKey = permuteRange(DigitPermutation.of(hex(AES_256), ORDER, 6));
		assertThat(agreements(order, invoice)).isLessThan(5);
		assertThat(agreements(order, empty)).isLessThan(5);
		assertThat(agreements(order, otherKey)).isLessThan(5);
	}

	@Test
	void keyIsCopied() {
		byte[] key = hex(AES_128);
		DigitPermutation permutation = DigitPermutation.of(key, ORDER, 6);
		Arrays.fill(key, (byte) 0);
		assertThat(permutation.permute(1)).isEqualTo(769996);
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 15, 17, 33 })
	void keyOfWrongLengthIsRejectedByLengthAlone(int length) {
		byte[] key = new byte[length];
		new Random(length).nextBytes(key);
		assertThatIllegalArgumentException().isThrownBy(() -> DigitPermutation.of(key, ORDER, 6))
			.withMessage("An AES key has 16, 24 or 32 bytes, but the given key has " + length + " bytes")
			.satisfies((ex) -> assertNoKeyIn(ex.getMessage(), key));
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 20, -1 })
	void widthOutOfRangeIsRejected(int width) {
		assertThatIllegalArgumentException().isThrownBy(() -> DigitPermutation.of(KEY, ORDER, width))
			.withMessage("Width " + width + " is not supported: a permutation has 1 to 19 digits");
	}

	@ParameterizedTest
	@CsvSource({ "1, -1, '[0, 9] of the permutation of 1 digit'", "1, 10, '[0, 9] of the permutation of 1 digit'",
			"6, -1, '[0, 999999] of the permutation of 6 digits'",
			"6, 1000000, '[0, 999999] of the permutation of 6 digits'",
			"19, -1, '[0, 9223372036854775807] of the permutation of 19 digits'",
			"19, -9223372036854775808, '[0, 9223372036854775807] of the permutation of 19 digits'" })
	void valueOutsideTheDomainIsRejected(int width, long value, String domain) {
		DigitPermutation permutation = DigitPermutation.of(KEY, ORDER, width);
		String message = "Value " + value + " is outside the domain " + domain;
		assertThatIllegalArgumentException().isThrownBy(() -> permutation.permute(value))
			.withMessage(message)
			.satisfies((ex) -> assertNoKeyIn(ex.getMessage(), KEY));
		assertThatIllegalArgumentException().isThrownBy(() -> permutation.restore(value)).withMessage(message);
	}

	@Test
	void describesTheWidthButNeverTheKey() {
		DigitPermutation six = DigitPermutation.of(KEY, ORDER, 6);
		assertThat(six).hasToString("FF1 permutation of 6 digits");
		assertThat(DigitPermutation.of(KEY, ORDER, 1)).hasToString("FF1 permutation of 1 digit");
		assertNoKeyIn(six.toString(), KEY);
		assertThat(six.width()).isEqualTo(6);
		assertThat(six.maxValue()).isEqualTo(999_999);
	}

	@Test
	void threadsSharingOnePermutationGetTheSingleThreadedResults() throws Exception {
		DigitPermutation permutation = DigitPermutation.of(KEY, ORDER, 12);
		int threads = 8;
		int perThread = 5000;
		DigitPermutation reference = DigitPermutation.of(KEY, ORDER, 12);
		long[] expected = new long[threads * perThread];
		for (int i = 0; i < expected.length; i++) {
			expected[i] = reference.permute(i);
		}
		long[] actual = new long[expected.length];
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (int thread = 0; thread < threads; thread++) {
				int from = thread * perThread;
				futures.add(executor.submit(() -> {
					for (int i = from; i < from + perThread; i++) {
						actual[i] = permutation.permute(i);
						assertThat(permutation.restore(actual[i])).isEqualTo(i);
					}
				}));
			}
			for (Future<?> future : futures) {
				future.get();
			}
		}
		finally {
			executor.shutdownNow();
		}
		assertThat(actual).isEqualTo(expected);
	}

	/**
	 * The fraction of counters {@code 1..100000} whose image is below that of the next
	 * counter: about 0.5 for a permutation that hides order, 1.0 for counted numbers.
	 */
	private static double ascendingPairs(LongUnaryOperator permutation) {
		int ascending = 0;
		long previous = permutation.applyAsLong(1);
		for (long counter = 2; counter <= 100_001; counter++) {
			long next = permutation.applyAsLong(counter);
			if (previous < next) {
				ascending++;
			}
			previous = next;
		}
		return ascending / 100_000.0;
	}

	/**
	 * The mean of the images of counters {@code 1..100000} as fractions of the 8-digit
	 * domain: about 0.5 if they spread over it, 0.0005 for counted numbers.
	 */
	private static double meanFraction(LongUnaryOperator permutation) {
		double sum = 0;
		for (long counter = 1; counter <= 100_000; counter++) {
			sum += permutation.applyAsLong(counter) / 1e8;
		}
		return sum / 100_000;
	}

	private static long[] table(DigitPermutation permutation) {
		return permuteAll(permutation, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
	}

	private static long[] permuteRange(DigitPermutation permutation) {
		long[] permuted = new long[1000];
		for (int i = 0; i < permuted.length; i++) {
			permuted[i] = permutation.permute(i);
		}
		return permuted;
	}

	private static long[] permuteAll(DigitPermutation permutation, long... values) {
		return Arrays.stream(values).map(permutation::permute).toArray();
	}

	private static int agreements(long[] first, long[] second) {
		int agreements = 0;
		for (int i = 0; i < first.length; i++) {
			if (first[i] == second[i]) {
				agreements++;
			}
		}
		return agreements;
	}

	private static void assertNoKeyIn(String text, byte[] key) {
		if (key.length > 0) {
			assertThat(text).doesNotContainIgnoringCase(HexFormat.of().formatHex(key))
				.doesNotContain(Base64.getEncoder().encodeToString(key))
				.doesNotContain(Arrays.toString(key));
		}
	}

	private static byte[] hex(String hex) {
		return HexFormat.of().parseHex(hex);
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
