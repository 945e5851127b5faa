package io.github.idgen.format;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.github.idgen.SequenceExhaustedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link IdFormat}.
 */
class IdFormatTest {

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 9, 5, 7, 123_456_789, ZoneOffset.UTC);

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
	void dateFieldsHoldLiteralTextBetweenTheirNumbers() {
		IdFormat format = IdFormat.parse("{uuuu-MM-dd'T'HH:mm:ss.SSS}|{seq}|{DDD}{hhKKkk}");
		assertThat(format.format("s", 1, TIME)).isEqualTo("2026-11-21T09:05:07.123|1|325090909");
	}

	@Test
	void quotedLettersInADateFieldAreLiteralText() {
		assertThat(IdFormat.parse("{yyyy'Y'MM}{seq}").format("s", 1, TIME)).isEqualTo("2026Y111");
		assertThat(IdFormat.parse("{'week'yyyy}-{seq}").format("s", 1, TIME)).isEqualTo("week2026-1");
		assertThat(IdFormat.parse("{yyyy''MM}-{seq}").format("s", 1, TIME)).isEqualTo("2026'11-1");
		assertThat(IdFormat.parse("{'it''s Y'yyyy}-{seq}").format("s", 1, TIME)).isEqualTo("it's Y2026-1");
	}

	@Test
	void everyFixedWidthDateFieldIsAccepted() {
		IdFormat format = IdFormat
			.parse("{yyyy}{uuuu}{yy}{uu}{yyyyy}{MM}{LL}{dd}{DDD}{HH}{hh}{KK}{kk}{mm}{ss}{S}{SSSSSSSSS}-{seq}");
		assertThat(format.format("s", 1, TIME)).isEqualTo("2026" + "2026" + "26" + "26" + "02026" + "11" + "11" + "21"
				+ "325" + "09" + "09" + "09" + "09" + "05" + "07" + "1" + "123456789" + "-1");
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';',
			value = { "{d}{seq}; d; day of month; dd", "{yyyyMd}{seq}; M; month; MM", "{y}{seq}; y; year; yyyy",
					"{yyy}{seq}; yyy; year; yyyy", "{uuu}{seq}; uuu; year; uuuu", "{u}-{seq}; u; year; uuuu",
					"{D}{seq}; D; day of year; DDD", "{yyyyDD}{seq}; DD; day of year; DDD",
					"{yyyyMMddH}{seq}; H; hour of day; HH", "{h}{seq}; h; clock hour of am/pm; hh",
					"{K}{seq}; K; hour of am/pm; KK", "{k}{seq}; k; clock hour of day; kk", "{m}{seq}; m; minute; mm",
					"{s}{seq}; s; second; ss", "{seq}{MMM}; MMM; month; MM", "{seq}{MMMM}; MMMM; month; MM",
					"{seq}-{LLL}; LLL; month; LL" })
	void dateFieldThatIsNotAFixedWidthNumberIsRejected(String pattern, String letters, String meaning, String fix) {
		String field = pattern.substring(pattern.indexOf('{'), pattern.indexOf('}') + 1);
		if (field.equals("{seq}")) {
			field = pattern.substring(pattern.lastIndexOf('{'), pattern.lastIndexOf('}') + 1);
		}
		assertThatInvalid(pattern, "'" + field + "' writes the " + meaning + " with '" + letters
				+ "', which is not a fixed-width number, so different IDs could read alike; write '" + fix + "'");
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';',
			value = { "{YYYY}{seq}; YYYY; week-based year", "{YY}{seq}; YY; week-based year",
					"{YYYYMMdd}{seq}; YYYY; week-based year", "{yyyyww}{seq}; ww; week of week-based year",
					"{yyyyMMW}{seq}; W; week of month", "{yyyyMMdde}{seq}; e; localized day of week",
					"{yyyyMMddc}{seq}; c; localized day of week" })
	void weekBasedDateFieldIsRejected(String pattern, String letters, String meaning) {
		String field = pattern.substring(0, pattern.indexOf('}') + 1);
		assertThatInvalid(pattern, "'" + field + "' writes the " + meaning + " with '" + letters
				+ "', which does not follow the calendar year around New Year; write dates with yyyy, MM, dd and DDD");
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';',
			value = { "{VV}{seq}; VV", "{EEE}{seq}; EEE", "{yyyyMMdda}{seq}; a", "{G}{seq}; G", "{Q}{seq}; Q",
					"{yyyyMMddHHmmssnnnnnnnnn}{seq}; nnnnnnnnn", "{AAAAAAAA}{seq}; AAAAAAAA", "{ppH}{seq}; pp",
					"{xx}{seq}; xx", "{Z}{seq}; Z", "{z}{seq}; z", "{O}{seq}; O", "{B}{seq}; B", "{g}{seq}; g",
					"{F}{seq}; F", "{N}{seq}; N" })
	void dateFieldWithOtherLettersIsRejected(String pattern, String letters) {
		String field = pattern.substring(0, pattern.indexOf('}') + 1);
		assertThatInvalid(pattern, "'" + field + "' uses '" + letters + "', which is not a fixed-width number; "
				+ "date/time fields may use only yyyy, uuuu, yy, uu, MM, LL, dd, DDD, HH, hh, KK, kk, mm, ss and S to "
				+ "SSSSSSSSS");
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
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> format.format("serial", 100, TIME))
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
