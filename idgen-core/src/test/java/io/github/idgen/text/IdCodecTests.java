package io.github.idgen.text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Examples of {@link IdCodec}: Crockford's aliases and case, and every error, whose
 * message names the input safely, what is wrong and what is expected.
 */
class IdCodecTests {

	@Test
	void crockfordReadsLowerCaseAndTheAliasesOfOneAndZero() {
		long id = IdCodec.CROCKFORD_BASE32.decode("0000000000011");
		assertThat(IdCodec.CROCKFORD_BASE32.decode("00000000000Il")).isEqualTo(id);
		assertThat(IdCodec.CROCKFORD_BASE32.decode("00000000000iL")).isEqualTo(id);
		assertThat(IdCodec.CROCKFORD_BASE32.decode("OoOoOoOoOoO1i")).isEqualTo(id);
		assertThat(IdCodec.CROCKFORD_BASE32.decode("7zzzzzzzzzzzz")).isEqualTo(Long.MAX_VALUE);
		assertThat(IdCodec.CROCKFORD_BASE32.decode("00000000000ab"))
			.isEqualTo(IdCodec.CROCKFORD_BASE32.decode("00000000000AB"))
			.isEqualTo(10 * 32 + 11);
	}

	@Test
	void crockfordWritesUpperCase() {
		assertThat(IdCodec.CROCKFORD_BASE32.encode(10 * 32 + 11)).isEqualTo("00000000000AB");
	}

	@Test
	void base62IsCaseSensitive() {
		assertThat(IdCodec.BASE62.decode("0000000000a")).isEqualTo(36);
		assertThat(IdCodec.BASE62.decode("0000000000A")).isEqualTo(10);
	}

	@ParameterizedTest
	@EnumSource(IdCodec.class)
	void negativeIdIsRejectedNamingIt(IdCodec codec) {
		assertThatIllegalArgumentException().isThrownBy(() -> codec.encode(-42))
			.withMessageContaining("must not be negative, but it is -42");
	}

	@Test
	void nullIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.CROCKFORD_BASE32.decode(null))
			.withMessage("An ID in Crockford Base32 must not be null: 13 characters expected");
	}

	@Test
	void emptyTextIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode(""))
			.withMessage("An ID in Base62 must not be empty: 11 characters expected");
	}

	@Test
	void textOfAnotherLengthIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.CROCKFORD_BASE32.decode("0000000000001Z"))
			.withMessage("The Crockford Base32 ID '0000000000001Z' has length 14, but 13 characters expected");
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("1"))
			.withMessage("The Base62 ID '1' has length 1, but 11 characters expected");
	}

	@Test
	void longTextIsQuotedCut() {
		String text = "Z".repeat(10_000);
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.CROCKFORD_BASE32.decode(text))
			.withMessage("The Crockford Base32 ID '" + "Z".repeat(64)
					+ "'... (10000 characters) has length 10000, but 13 characters expected");
	}

	@Test
	void characterOutsideTheAlphabetIsRejectedNamingItAndItsIndex() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.CROCKFORD_BASE32.decode("00000000000U1"))
			.withMessage("The Crockford Base32 ID '00000000000U1' has the character 'U' (U+0055) at index 11, "
					+ "which is not in the Crockford Base32 alphabet 0123456789ABCDEFGHJKMNPQRSTVWXYZ");
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("00000-00001"))
			.withMessage("The Base62 ID '00000-00001' has the character '-' (U+002D) at index 5, "
					+ "which is not in the Base62 alphabet "
					+ "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
	}

	@ParameterizedTest
	@ValueSource(strings = { "000000-000001", "0000000000 01", "000000000000\u00e9", "000000000000\u0000",
			"00000000000*1", "U000000000000" })
	void crockfordRejectsHyphensCheckSymbolsAndCharactersBeyondTheAlphabet(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.CROCKFORD_BASE32.decode(text))
			.withMessageContaining("which is not in the Crockford Base32 alphabet");
	}

	@Test
	void controlCharactersAreEscaped() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("0000000000\n"))
			.withMessage("The Base62 ID '0000000000\\n' has the character '\\n' (U+000A) at index 10, "
					+ "which is not in the Base62 alphabet "
					+ "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("000000\u202e0000"))
			.withMessageStartingWith(
					"The Base62 ID '000000\\u202e0000' has the character '\\u202e' (U+202E) at index 6");
	}

	@Test
	void characterOutsideTheBasicPlaneIsNamedWhole() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("000000000\ud83d\ude00"))
			.withMessageStartingWith(
					"The Base62 ID '000000000\ud83d\ude00' has the character '\ud83d\ude00' " + "(U+1F600) at index 9");
	}

	@Test
	void crockfordValueAboveLongMaxValueIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.CROCKFORD_BASE32.decode("ZZZZZZZZZZZZZ"))
			.withMessage("The Crockford Base32 ID 'ZZZZZZZZZZZZZ' is above the largest ID, Long.MAX_VALUE, "
					+ "which Crockford Base32 writes as '7ZZZZZZZZZZZZ'");
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.CROCKFORD_BASE32.decode("8000000000000"))
			.withMessageContaining("is above the largest ID");
	}

	@Test
	void base62ValueAboveLongMaxValueIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("zzzzzzzzzzz"))
			.withMessage("The Base62 ID 'zzzzzzzzzzz' is above the largest ID, Long.MAX_VALUE, "
					+ "which Base62 writes as 'AzL8n0Y58m7'");
	}

	@Test
	void base62ValueOneAboveLongMaxValueIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("AzL8n0Y58m8"))
			.withMessageContaining("is above the largest ID");
		assertThatIllegalArgumentException().isThrownBy(() -> IdCodec.BASE62.decode("B0000000000"))
			.withMessageContaining("is above the largest ID");
	}

}
