package io.github.idgen;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SequenceNames}.
 */
class SequenceNamesTest {

	@Test
	void propertyKeyBracketsEveryNameThatSpringBootWouldNotBindAsWritten() {
		assertThat(SequenceNames.propertyKey("order-2")).isEqualTo("order-2");
		assertThat(SequenceNames.propertyKey("orders/eu")).isEqualTo("[orders/eu]");
		assertThat(SequenceNames.propertyKey("Order")).isEqualTo("[Order]");
		assertThat(SequenceNames.propertyKey("order.v2")).isEqualTo("[order.v2]");
		assertThat(SequenceNames.propertyKey("a_b")).isEqualTo("[a_b]");
		assertThat(SequenceNames.noFormat("orders/eu"))
			.hasMessage("Sequence 'orders/eu' has no format: set idgen.sequences.[orders/eu].format, such as "
					+ "ORD{yyyyMMdd}{seq:6}");
	}

	@Test
	void quoteWrapsAPlainNameInSingleQuotes() {
		assertThat(SequenceNames.quote("order")).isEqualTo("'order'");
	}

	@Test
	void quoteEscapesControlCharactersQuotesAndLineSeparators() {
		assertThat(SequenceNames.quote("a\nb\rc\td\u0007e'f\\g\u2028h\u202ei"))
			.isEqualTo("'a\\nb\\rc\\td\\u0007e\\'f\\\\g\\u2028h\\u202ei'");
	}

	@Test
	void quoteCutsLongNamesAndSaysHowLongTheyAre() {
		String quoted = SequenceNames.quote("x".repeat(10_000));
		assertThat(quoted).isEqualTo("'" + "x".repeat(SequenceNames.MAX_QUOTED_LENGTH) + "'... (10000 characters)");
	}

	@Test
	void quoteCountsCodePointsNotChars() {
		String emoji = "\uD83D\uDE00";
		assertThat(SequenceNames.quote(emoji.repeat(3))).isEqualTo("'" + emoji.repeat(3) + "'");
		assertThat(SequenceNames.quote(emoji.repeat(100)))
			.isEqualTo("'" + emoji.repeat(SequenceNames.MAX_QUOTED_LENGTH) + "'... (100 characters)");
	}

	@Test
	void quoteOfNullIsNull() {
		assertThat(SequenceNames.quote(null)).isEqualTo("null");
	}

	@Test
	void validationMessagesEchoTheNameSafely() {
		assertThatIllegalArgumentException().isThrownBy(() -> SequenceNames.validate("a\nFAKE LOG LINE"))
			.withMessage("Sequence name must not contain control characters, format characters, line or paragraph "
					+ "separators or unpaired surrogates: 'a\\nFAKE LOG LINE'");
		assertThatIllegalArgumentException().isThrownBy(() -> SequenceNames.validate("y".repeat(10_000)))
			.withMessageStartingWith("Sequence name must have at most 128 characters but has 10000: 'yyy")
			.withMessageEndingWith("'... (10000 characters)");
	}

	@Test
	void namesWithInvisibleOrBreakingCharactersAreRefused() {
		for (String name : List.of("bidi\u202Eoverride", "zero\u200Bwidth", "line\u2028separator",
				"paragraph\u2029separator", "bom\uFEFF", "lone\uD800surrogate", "\uDC00low")) {
			assertThatIllegalArgumentException().as(SequenceNames.quote(name))
				.isThrownBy(() -> SequenceNames.validate(name))
				.withMessageStartingWith("Sequence name must not contain control characters");
		}
	}

	@Test
	void namesStartingOrEndingWithAnyKindOfSpaceAreRefused() {
		for (String name : List.of("order\u00A0", "\u2007order", "order\u202F", "\u3000order")) {
			assertThatIllegalArgumentException().as(SequenceNames.quote(name))
				.isThrownBy(() -> SequenceNames.validate(name))
				.withMessageStartingWith("Sequence name must not start or end with white space");
		}
	}

	@Test
	void namesWithSpacesInsideAndEmojiAreValid() {
		for (String name : List.of("order book", "ünïcødé-序列-\uD83C\uDF89", "a\u00A0b")) {
			assertThat(SequenceNames.validate(name)).isEqualTo(name);
		}
	}

}
