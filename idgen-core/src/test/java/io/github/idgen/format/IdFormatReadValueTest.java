package io.github.idgen.format;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link IdFormat#readValue(String, String)}: the value comes back from every
 * ID a format writes, and anything else is refused with a message that quotes it.
 */
class IdFormatReadValueTest {

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 9, 5, 7, 123_456_789, ZoneOffset.UTC);

	@Test
	void valueComesBackFromPaddedIds() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		for (long value : new long[] { 0, 1, 42, 999_999 }) {
			assertThat(format.readValue("order", format.format("order", value, TIME))).isEqualTo(value);
		}
		assertThat(format.readValue("order", "ORD19991231000017")).isEqualTo(17);
	}

	@Test
	void valueComesBackFromIdsWithFieldsAfterIt() {
		IdFormat format = IdFormat.parse("{yyyy}-{seq}/{MMdd'T'HHmmss.SSSSSS}x");
		for (long value : new long[] { 0, 7, 1234, Long.MAX_VALUE }) {
			String id = format.format("s", value, TIME);
			assertThat(format.readValue("s", id)).as(id).isEqualTo(value);
		}
	}

	@Test
	void valueComesBackFromNineteenDigits() {
		IdFormat format = IdFormat.parse("{seq:19}");
		assertThat(format.readValue("s", "9223372036854775807")).isEqualTo(Long.MAX_VALUE);
		assertThat(format.readValue("s", "0000000000000000001")).isEqualTo(1);
	}

	@Test
	void idOfAnotherLengthIsRefusedSayingTheLength() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThatRefused(format, "ORD2026112100001", "it has 16 characters, and the format writes 17");
		assertThatRefused(format, "ORD202611210000011", "it has 18 characters, and the format writes 17");
		assertThatRefused(format, "", "it has 0 characters, and the format writes 17");
		assertThatRefused(IdFormat.parse("INV-{seq}"), "INV-", "it has 4 characters, and the format writes 5 to 23");
		assertThatRefused(IdFormat.parse("INV-{seq}"), "INV-12345678901234567890",
				"it has 24 characters, and the format writes 5 to 23");
	}

	@Test
	void idWhoseTextAroundTheValueDoesNotMatchIsRefused() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThatRefused(format, "INV20261121000001", "the text before the value does not match the format");
		assertThatRefused(format, "ord20261121000001", "the text before the value does not match the format");
		assertThatRefused(format, "ORD2026112x000001", "the text before the value does not match the format");
		assertThatRefused(IdFormat.parse("{seq:3}-{yyyy}"), "001-20x6",
				"the text after the value does not match the format");
	}

	@Test
	void valueThatIsNotDigitsIsRefused() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThatRefused(format, "ORD2026112100001x",
				"the value holds a character other than the digits 0 to 9 at index 5");
		assertThatRefused(format, "ORD20261121-00001",
				"the value holds a character other than the digits 0 to 9 at index 0");
		assertThatRefused(format, "ORD20261121\u0663\u0660\u0660\u0660\u0660\u0661",
				"the value holds a character other than the digits 0 to 9 at index 0");
		assertThatRefused(IdFormat.parse("{seq:19}"), "9999999999999999999",
				"the value 9999999999999999999 exceeds 9223372036854775807");
		assertThatRefused(IdFormat.parse("INV-{seq}"), "INV-007", "the value 007 has a leading zero");
	}

	@ParameterizedTest
	@ValueSource(strings = { "ORD20261121\n00001", "ORD{seq}'\"@x12345", "\u0000\u0000\u0000" })
	void hostileIdIsQuotedEscaped(String id) {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThatIllegalArgumentException().isThrownBy(() -> format.readValue("order", id))
			.withMessageStartingWith("'")
			.withMessageContaining(" is not an ID of sequence 'order' with format 'ORD{yyyyMMdd}{seq:6}': ")
			.satisfies((ex) -> assertThat(ex.getMessage()).doesNotContain("\n").doesNotContain("\u0000"));
	}

	@Test
	void longIdIsRefusedWithItsLengthAndAShortQuote() {
		String id = "9".repeat(10_000);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IdFormat.parse("ORD{yyyyMMdd}{seq:6}").readValue("order", id))
			.withMessageContaining("... (10000 characters)")
			.withMessageContaining("it has 10000 characters, and the format writes 17")
			.satisfies((ex) -> assertThat(ex.getMessage()).hasSizeLessThan(400));
	}

	@Test
	void nullIdIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.parse("{seq}").readValue("order", null))
			.withMessage("An ID of sequence 'order' to read must not be null");
	}

	private static void assertThatRefused(IdFormat format, String id, String reason) {
		assertThatIllegalArgumentException().isThrownBy(() -> format.readValue("order", id))
			.withMessageStartingWith("'")
			.withMessageContaining(
					" is not an ID of sequence 'order' with format '" + format.pattern() + "': " + reason);
	}

}
