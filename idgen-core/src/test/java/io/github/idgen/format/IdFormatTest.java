package io.github.idgen.format;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

import io.github.idgen.SequenceExhaustedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link IdFormat}.
 */
class IdFormatTest {

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 9, 5, 7, 123_456_789,
			ZoneOffset.UTC);

	@Test
	void sequenceIsZeroPaddedToItsWidth() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThat(format.format("order", 1, TIME)).isEqualTo("ORD20261121000001");
		assertThat(format.format("order", 0, TIME)).isEqualTo("ORD20261121000000");
		assertThat(format.format("order", 999_999, TIME)).isEqualTo("ORD20261121999999");
	}

	@Test
	void unpaddedSequenceIsWrittenAsItIs() {
		IdFormat format = IdFormat.parse("INV-{seq}");
		assertThat(format.format("invoice", 42, TIME)).isEqualTo("INV-42");
		assertThat(format.format("invoice", Long.MAX_VALUE, TIME)).isEqualTo("INV-" + Long.MAX_VALUE);
	}

	@Test
	void sequenceAloneIsAFormat() {
		assertThat(IdFormat.parse("{seq:3}").format("s", 7, TIME)).isEqualTo("007");
		assertThat(IdFormat.parse("{seq:19}").format("s", Long.MAX_VALUE, TIME)).isEqualTo("" + Long.MAX_VALUE);
	}

	@Test
	void literalsAroundTheFieldsAreCopied() {
		IdFormat format = IdFormat.parse("A-{yyyy}/{MM}-{seq:4}.x");
		assertThat(format.format("s", 12, TIME)).isEqualTo("A-2026/11-0012.x");
	}

	@Test
	void literalLettersAreNotDateFields() {
		IdFormat format = IdFormat.parse("yyyy MM '{seq}' dd");
		assertThat(format.format("s", 5, TIME)).isEqualTo("yyyy MM '5' dd");
	}

	@Test
	void dateFieldsCanComeBeforeAndAfterTheSequence() {
		IdFormat format = IdFormat.parse("{yyyy}{seq:3}{MMdd}T{HHmmss}");
		assertThat(format.format("s", 5, TIME)).isEqualTo("20260051121T090507");
	}

	@Test
	void dateFieldsAcceptAnyDateTimeFormatterPattern() {
		IdFormat format = IdFormat.parse("{uuuu-MM-dd'T'HH:mm}|{seq}|{VV}|{MMM}");
		assertThat(format.format("s", 1, TIME)).isEqualTo("2026-11-21T09:05|1|Z|Nov");
	}

	@Test
	void timeIsWrittenInItsOwnZone() {
		IdFormat format = IdFormat.parse("{yyyyMMddHH}{seq:2}");
		ZonedDateTime lateUtc = ZonedDateTime.of(2026, 11, 21, 20, 0, 0, 0, ZoneId.of("UTC"));
		ZonedDateTime sameInstantInShanghai = lateUtc.withZoneSameInstant(ZoneId.of("Asia/Shanghai"));
		assertThat(format.format("s", 1, lateUtc)).isEqualTo("202611212001");
		assertThat(format.format("s", 1, sameInstantInShanghai)).isEqualTo("202611220401");
	}

	@Test
	void timestampPrefixedSerialWithTwoDigitSuffix() {
		IdFormat format = IdFormat.parse("{yyyyMMddHHmmssSSSSSS}{seq:2}");
		assertThat(format.format("serial", 7, TIME)).isEqualTo("2026112109050712345607");
		assertThat(format.format("serial", 99, TIME)).isEqualTo("2026112109050712345699");
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> format.format("serial", 100, TIME))
			.withMessageContaining("'serial'")
			.withMessageContaining("100")
			.withMessageContaining("width 2");
	}

	@Test
	void valueWiderThanTheWidthIsAnError() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> format.format("order@20261121", 1_000_000, TIME))
			.withMessage("Sequence 'order@20261121' value 1000000 does not fit the width 6 of format "
					+ "'ORD{yyyyMMdd}{seq:6}'")
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo("order@20261121"));
	}

	@Test
	void negativeValueIsRejected() {
		IdFormat format = IdFormat.parse("{seq}");
		assertThatIllegalArgumentException().isThrownBy(() -> format.format("order", -1, TIME))
			.withMessageContaining("'order'")
			.withMessageContaining("-1")
			.withMessageContaining("negative");
	}

	@Test
	void patternIsKept() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThat(format.pattern()).isEqualTo("ORD{yyyyMMdd}{seq:6}");
		assertThat(format).hasToString("ORD{yyyyMMdd}{seq:6}");
	}

	@Test
	void emptyPatternIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.parse(null)).withMessageContaining("empty");
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.parse("")).withMessageContaining("empty");
	}

	@Test
	void patternWithoutSequenceTokenIsRejected() {
		assertThatInvalid("ORD{yyyyMMdd}", "no sequence token");
		assertThatInvalid("ORD", "no sequence token");
	}

	@Test
	void patternWithSeveralSequenceTokensIsRejected() {
		assertThatInvalid("{seq}-{seq:2}", "more than one sequence token");
	}

	@Test
	void unclosedBraceIsRejected() {
		assertThatInvalid("ORD{yyyyMMdd{seq}", "'{' at index 12 opens a field inside the field at index 3");
		assertThatInvalid("ORD{seq", "'{' at index 3 is not closed");
	}

	@Test
	void unopenedBraceIsRejected() {
		assertThatInvalid("ORD}{seq}", "'}' at index 3 has no matching '{'");
		assertThatInvalid("{seq}}", "'}' at index 5 has no matching '{'");
	}

	@Test
	void emptyFieldIsRejected() {
		assertThatInvalid("A{}{seq}", "'{}' at index 1 is an empty field");
	}

	@Test
	void badWidthIsRejected() {
		for (String width : new String[] { "0", "20", "-1", "abc", "", "100", " 6" }) {
			assertThatInvalid("{seq:" + width + "}",
					"the width '" + width + "' of {seq:N} must be a number from 1 to 19");
		}
	}

	@Test
	void misspelledSequenceTokenIsRejected() {
		assertThatInvalid("{SEQ}", "'{SEQ}' is not a sequence token; write {seq} or {seq:N}");
		assertThatInvalid("{seq6}", "'{seq6}' is not a sequence token");
		assertThatInvalid("{seq}{seqx}", "'{seqx}' is not a sequence token");
	}

	@Test
	void badDatePatternIsRejected() {
		assertThatInvalid("{yyyyMMddb}{seq}", "'{yyyyMMddb}' is not a valid date/time pattern: ");
		assertThatInvalid("{yyyy'MM}{seq}", "'{yyyy'MM}' is not a valid date/time pattern: ");
		assertThatInvalid("{#}{seq}", "'{#}' is not a valid date/time pattern: ");
	}

	private static void assertThatInvalid(String pattern, String reason) {
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.parse(pattern))
			.withMessageStartingWith("Invalid ID format pattern '" + pattern + "': ")
			.withMessageContaining(reason);
	}

}
