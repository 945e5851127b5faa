package io.github.idgen.text;

import java.util.Locale;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of both {@link IdCodec} encodings over arbitrary non-negative IDs (jqwik
 * generates them, edge cases such as 0, 1 and {@link Long#MAX_VALUE} included), and the
 * encodings of the edge values written out.
 */
class IdCodecPropertyTests {

	private static final long TWO_TO_THE_53 = 1L << 53;

	@Property
	void decodingAnEncodedIdGivesTheId(@ForAll IdCodec codec, @ForAll @LongRange(min = 0) long id) {
		assertThat(codec.decode(codec.encode(id))).isEqualTo(id);
	}

	@Property
	void encodedIdsSortAsTheIds(@ForAll IdCodec codec, @ForAll @LongRange(min = 0) long a,
			@ForAll @LongRange(min = 0) long b) {
		assertThat(Integer.signum(codec.encode(a).compareTo(codec.encode(b)))).isEqualTo(Long.compare(a, b));
	}

	@Property
	void everyEncodedIdHasTheLengthOfItsCodec(@ForAll IdCodec codec, @ForAll @LongRange(min = 0) long id) {
		assertThat(codec.encode(id)).hasSize(codec.length());
	}

	@Property
	void crockfordDecodesLowerCaseAsUpperCase(@ForAll @LongRange(min = 0) long id) {
		String encoded = IdCodec.CROCKFORD_BASE32.encode(id);
		assertThat(IdCodec.CROCKFORD_BASE32.decode(encoded.toLowerCase(Locale.ROOT))).isEqualTo(id);
	}

	@Example
	void lengths() {
		assertThat(IdCodec.CROCKFORD_BASE32.length()).isEqualTo(13);
		assertThat(IdCodec.BASE62.length()).isEqualTo(11);
	}

	@Example
	void crockfordEdgeValues() {
		assertEncodings(IdCodec.CROCKFORD_BASE32, "0000000000000", "0000000000001", "0080000000000", "0080000000001",
				"7ZZZZZZZZZZZZ");
	}

	/**
	 * The Base62 encodings, computed independently by repeated division (and checked by
	 * summing {@code digit * 62^position} back): 2^53 = 41 * 62^8 + 15 * 62^7 + ... + 8,
	 * digits {@code f}, {@code F}, ..., {@code 8}.
	 */
	@Example
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
