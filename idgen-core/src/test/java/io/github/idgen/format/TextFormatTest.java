package io.github.idgen.format;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

import io.github.idgen.text.IdCodec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for formats whose value is the text of an {@link IdCodec}, such as
 * {@code {seq:base62}}.
 */
class TextFormatTest {

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 9, 5, 7, 0, ZoneOffset.UTC);

	@Test
	void everyCodecIsNamedInATokenByItsFormatName() {
		assertThat(IdCodec.CROCKFORD_BASE32.formatName()).isEqualTo("crockford-base32");
		assertThat(IdCodec.BASE62.formatName()).isEqualTo("base62");
		for (IdCodec codec : IdCodec.values()) {
			IdFormat format = IdFormat.parse("{seq:" + codec.formatName() + "}");
			assertThat(format.format("s", 42, TIME)).isEqualTo(codec.encode(42));
		}
	}

	@Test
	void valueIsWrittenAsTheCodecWritesIt() {
		for (long value : new long[] { 0, 1, 1L << 53, Long.MAX_VALUE }) {
			assertThat(IdFormat.parse("{seq:base62}").format("s", value, TIME)).isEqualTo(IdCodec.BASE62.encode(value));
			assertThat(IdFormat.parse("T-{seq:crockford-base32}").format("s", value, TIME))
				.isEqualTo("T-" + IdCodec.CROCKFORD_BASE32.encode(value));
		}
	}

	@Test
	void valueComesBack() {
		IdFormat format = IdFormat.parse("INV{yyyy}{seq:base62}");
		for (long value : new long[] { 0, 1, 1L << 53, Long.MAX_VALUE }) {
			String id = format.format("s", value, TIME);
			assertThat(id).hasSize(7 + 11);
			assertThat(format.readValue("s", id)).isEqualTo(value);
		}
	}

	@Test
	void textHasNoWidthLimit() {
		IdFormat format = IdFormat.parse("{seq:base62}");
		assertThat(format.width()).isZero();
		assertThat(format.maxValue()).isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void textOfAnotherLengthIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IdFormat.parse("{seq:base62}").readValue("s", "0000000001"))
			.withMessageContaining("it has 10 characters, and the format writes 11");
	}

	@Test
	void unknownCodecIsRefusedNamingTheChoices() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.parse("{seq:base64}"))
			.withMessageContaining("the width 'base64' of {seq:N} must be a number from 1 to 19, or the text of "
					+ "{seq:base62} or {seq:crockford-base32}");
	}

}
