package io.github.idgen;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SequenceNames}.
 */
class SequenceNamesTest {

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
			.withMessage("Sequence name must not contain control characters: 'a\\nFAKE LOG LINE'");
		assertThatIllegalArgumentException().isThrownBy(() -> SequenceNames.validate("y".repeat(10_000)))
			.withMessageStartingWith("Sequence name must have at most 128 characters but has 10000: 'yyy")
			.withMessageEndingWith("'... (10000 characters)");
	}

}
