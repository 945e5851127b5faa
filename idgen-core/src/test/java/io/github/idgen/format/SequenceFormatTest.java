package io.github.idgen.format;

import java.util.Locale;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SequenceFormat}: the date/time fields of a format must identify the
 * reset period, so that a counter that restarts never writes an ID of an earlier period
 * again.
 */
class SequenceFormatTest {

	@ParameterizedTest
	@CsvSource(delimiter = ';',
			value = { "ORD{yyyyMMdd}{seq:6}; DAILY", "{uuuu}-{MM}-{dd}/{seq}; DAILY", "{yyyyDDD}{seq:5}; DAILY",
					"ORD{yyMMdd}{seq:4}; DAILY", "{seq:6}{yyyyMMdd}; DAILY", "{yyyy}{seq:3}{MMdd}; DAILY",
					"{yyyy'-'MM'-'dd}{seq}; DAILY", "{yyyyMMddHHmmss}{seq:4}; DAILY", "INV{yyyyMM}-{seq:4}; MONTHLY",
					"{yyMM}{seq}; MONTHLY", "{uuuuDDD}{seq}; MONTHLY", "{yyyyMMdd}{seq}; MONTHLY",
					"{yyyy}/{seq}; YEARLY", "{yy}{seq:6}; YEARLY", "{uuuu}{seq}; YEARLY", "{yyyyMM}{seq}; YEARLY",
					"{seq}; NEVER", "ORD{seq:6}; NEVER", "{MMdd}{seq:4}; NEVER",
					"{yyyyMMddHHmmssSSSSSS}{seq:2}; NEVER" })
	void formatWhoseDateFieldsIdentifyThePeriodIsAccepted(String pattern, ResetPeriod reset) {
		SequenceFormat format = new SequenceFormat(IdFormat.parse(pattern), reset);
		assertThat(format.format().pattern()).isEqualTo(pattern);
		assertThat(format.reset()).isEqualTo(reset);
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';', value = { "ORD{seq:6}; DAILY; day; no date; ORD{yyyyMMdd}{seq:6}",
			"ORD{yyMM}{seq:4}; DAILY; day; the year and month; ORD{yyyyMMdd}{seq:4}",
			"{yyyyMM}{seq}; DAILY; day; the year and month; {yyyyMMdd}{seq}",
			"{MMdd}{seq}; DAILY; day; the month and day of month; {yyyyMMdd}{seq}",
			"A-{yyyydd}-{seq}; DAILY; day; the year and day of month; A-{yyyyMMdd}{seq}",
			"{DDD}{seq}; DAILY; day; the day of year; {yyyyMMdd}{seq}",
			"{HHmmss}{seq:3}; DAILY; day; no date; {yyyyMMdd}{seq:3}",
			"INV{yyyy}{seq}; MONTHLY; month; the year; INV{yyyyMM}{seq}",
			"{MM}{seq}; MONTHLY; month; the month; {yyyyMM}{seq}", "{seq:4}; MONTHLY; month; no date; {yyyyMM}{seq:4}",
			"{MMdd}{seq}; YEARLY; year; the month and day of month; {yyyy}{seq}",
			"N{seq}; YEARLY; year; no date; N{yyyy}{seq}", "{HH}{seq}; YEARLY; year; no date; {yyyy}{seq}" })
	void formatWhoseDateFieldsDoNotIdentifyThePeriodIsRejected(String pattern, ResetPeriod reset, String period,
			String written, String example) {
		IdFormat format = IdFormat.parse(pattern);
		String name = reset.name().toLowerCase(Locale.ROOT);
		assertThatIllegalArgumentException().isThrownBy(() -> new SequenceFormat(format, reset))
			.withMessageStartingWith("Format '" + pattern + "' cannot be reset " + name
					+ ": its date/time fields write " + written + ", but a " + name + " counter needs ")
			.withMessageContaining("or the IDs of an earlier " + period + " are handed out again")
			.withMessageEndingWith("; use a format such as '" + example + "', or reset never");
		assertThat(format.exampleFor(reset)).isEqualTo(example);
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';', value = { "DAILY; the year, month and day of month, or the year and day of year",
			"MONTHLY; the year and month, or the year and day of year", "YEARLY; the year" })
	void rejectionSaysWhatThePeriodNeeds(ResetPeriod reset, String needs) {
		assertThatIllegalArgumentException().isThrownBy(() -> new SequenceFormat(IdFormat.parse("{seq}"), reset))
			.withMessageContaining(
					", but a " + reset.name().toLowerCase(Locale.ROOT) + " counter needs " + needs + ", or the IDs");
	}

}
