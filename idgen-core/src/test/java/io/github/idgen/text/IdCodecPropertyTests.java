package io.github.idgen.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of both {@link IdCodec} encodings over 10,000 random non-negative IDs of
 * every magnitude (a fresh seed per run, printed so that a failure can be replayed with
 * {@code -Didgen.test.seed=<seed>}) together with the edge values 0, 1, 2^53, 2^53 + 1
 * and {@link Long#MAX_VALUE}, and the encodings of the edge values written out.
 */
class IdCodecPropertyTests {

	private static final long TWO_TO_THE_53 = 1L << 53;

	private static final int TRIES = 10_000;

	private static final long SEED = Long.getLong("idgen.test.seed", new Random().nextLong());

	private static List<Long> ids() {
		System.out.println("IdCodecPropertyTests seed " + SEED);
		Random random = new Random(SEED);
		List<Long> ids = new ArrayList<>(List.of(0L, 1L, 2L, TWO_TO_THE_53 - 1, TWO_TO_THE_53, TWO_TO_THE_53 + 1,
				Long.MAX_VALUE - 1, Long.MAX_VALUE));
		Stream.generate(() -> (random.nextLong() >>> 1) >>> random.nextInt(63)).limit(TRIES).forEach(ids::add);
		return ids;
	}

	@ParameterizedTest
	@EnumSource(IdCodec.class)
	void decodingAnEncodedIdGivesTheId(IdCodec codec) {
		for (long id : ids()) {
			assertThat(codec.decode(codec.encode(id))).as("%s of %d", codec, id).isEqualTo(id);
		}
	}

	@ParameterizedTest
	@EnumSource(IdCodec.class)
	void encodedIdsSortAsTheIds(IdCodec codec) {
		List<Long> ids = ids();
		for (int i = 0; i < ids.size(); i++) {
			long a = ids.get(i);
			long b = ids.get((i * 7919 + 1) % ids.size());
			assertThat(Integer.signum(codec.encode(a).compareTo(codec.encode(b)))).as("%s of %d and %d", codec, a, b)
				.isEqualTo(Long.compare(a, b));
			assertThat(codec.encode(a).compareTo(codec.encode(a + ((a < Long.MAX_VALUE) ? 1 : 0))))
				.as("%s of %d and its successor", codec, a)
				.isLessThanOrEqualTo(0);
		}
	}

	@ParameterizedTest
	@EnumSource(IdCodec.class)
	void everyEncodedIdHasTheLengthOfItsCodec(IdCodec codec) {
		for (long id : ids()) {
			assertThat(codec.encode(id)).hasSize(codec.length());
		}
	}

	@Test
	void crockfordDecodesLowerCaseAsUpperCase() {
		for (long id : ids()) {
			String encoded = IdCodec.CROCKFORD_BASE32.encode(id);
			assertThat(IdCodec.CROCKFORD_BASE32.decode(encoded.toLowerCase(Locale.ROOT))).isEqualTo(id);
		}
	}

	@Test
	void lengths() {
		assertThat(IdCodec.CROCKFORD_BASE32.length()).isEqualTo(13);
		assertThat(IdCodec.BASE62.length()).isEqualTo(11);
	}

	@Test
	void crockfordEdgeValues() {
		assertEncodings(IdCodec.CROCKFORD_BASE32, "0000000000000", "0000000000001", "0080000000000", "0080000000001",
				"7ZZZZZZZZZZZZ");
	}

	/**
	 * The Base62 encodings, computed independently by repeated division (and checked by
	 * summing {@code digit * 62^position} back): 2^53 = 41 * 62^8 + 15 * 62^7 + ... + 8,
	 * digits {@code f}, {@code F}, ..., {@code 8}.
	 */
	@Test
	void base62EdgeValues() {
		assertEncodings(IdCodec.BASE62, "00000000000", "00000000001", "00fFgnDxSe8", "00fFgnDxSe9", "AzL8n0Y58m7");
	}

	private static void assertEncodings(IdCodec codec, String zero, String one, String twoToThe53,
			String twoToThe53PlusOne, String max) {
		long[] ids = { 0, 1, TWO_TO_THE_53, TWO_TO_THE_53 + 1, Long.MAX_VALUE };
		String[] encodings = { zero, one, twoToThe53, twoToThe53PlusOne, max };
		for (int i = 0; i < ids.length; i++) {
			assertThat(codec.encode(ids[i])).as("encoding of %d", ids[i]).isEqualTo(encodings[i]);
			assertThat(codec.decode(encodings[i])).as("decoding of %s", encodings[i]).isEqualTo(ids[i]);
		}
	}

}
