package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.HexFormat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link IdFormat#obfuscatedPerPeriod}: the FF1 tweak is the name of the
 * period's counter, the period is read back from the ID's date/time fields, and the
 * periods before the switch date keep the fixed permutation.
 */
class PerPeriodObfuscatedFormatTest {

	private static final byte[] KEY = HexFormat.of().parseHex("2B7E151628AED2A6ABF7158809CF4F3C");

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	@ParameterizedTest
	@CsvSource(delimiter = ';',
			value = { "ORD{yyyyMMdd}{seq:8}; DAILY; order@20261121", "ORD{yyMMdd}{seq:6}; DAILY; order@20261121",
					"{yyyyDDD}-{seq:7}; DAILY; order@20261121", "{seq:6}{yyyyMMdd}; DAILY; order@20261121",
					"{yyyy}{seq:6}{MMdd}; DAILY; order@20261121", "INV{yyyyMM}{seq:6}; MONTHLY; order@202611",
					"INV{yyyyMMdd}{seq:6}; MONTHLY; order@202611", "{yyyy}{seq:6}; YEARLY; order@2026" })
	void theTweakIsTheCounterNameAndTheIdTellsThePeriod(String pattern, ResetPeriod reset, String counter) {
		IdFormat format = IdFormat.parse(pattern).obfuscatedPerPeriod(KEY, "order", reset, null);
		ZonedDateTime time = ZonedDateTime.of(2026, 11, 21, 23, 30, 0, 0, ZONE);
		int width = format.width();
		DigitPermutation expected = DigitPermutation.of(KEY, counter.getBytes(StandardCharsets.UTF_8), width);
		for (long value = 0; value < 200; value++) {
			String id = format.format(counter, value, time);
			assertThat(id).contains(String.format("%0" + width + "d", expected.permute(value)));
			assertThat(format.readValue("order", id)).isEqualTo(value);
		}
	}

	@Test
	void everyPeriodHasAnotherPermutation() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:8}")
			.obfuscatedPerPeriod(KEY, "order", ResetPeriod.DAILY, null);
		ZonedDateTime day = ZonedDateTime.of(2026, 11, 21, 12, 0, 0, 0, ZONE);
		String first = format.format("order@20261121", 1, day).substring(11);
		String next = format.format("order@20261122", 1, day.plusDays(1)).substring(11);
		assertThat(next).isNotEqualTo(first);
	}

	@Test
	void periodsThatBeginBeforeTheSwitchDateKeepTheFixedPermutation() {
		IdFormat plain = IdFormat.parse("INV{yyyyMMdd}{seq:6}");
		IdFormat fixed = plain.obfuscated(KEY, "invoice");
		IdFormat switching = plain.obfuscatedPerPeriod(KEY, "invoice", ResetPeriod.MONTHLY, LocalDate.of(2026, 11, 15));
		ZonedDateTime november = ZonedDateTime.of(2026, 11, 20, 8, 0, 0, 0, ZoneOffset.UTC);
		ZonedDateTime december = ZonedDateTime.of(2026, 12, 1, 8, 0, 0, 0, ZoneOffset.UTC);
		for (long value = 0; value < 100; value++) {
			String old = switching.format("invoice@202611", value, november);
			assertThat(old).as("November began before the 15th").isEqualTo(fixed.format("invoice", value, november));
			assertThat(switching.readValue("invoice", old)).isEqualTo(value);
			String perPeriod = switching.format("invoice@202612", value, december);
			assertThat(switching.readValue("invoice", perPeriod)).isEqualTo(value);
		}
		assertThat(switching.format("invoice@202612", 7, december)).isNotEqualTo(fixed.format("invoice", 7, december));
	}

	@Test
	void aSequenceThatNeverResetsWritesTheFixedPermutation() {
		IdFormat plain = IdFormat.parse("T{seq:8}");
		ZonedDateTime time = ZonedDateTime.of(2026, 11, 21, 8, 0, 0, 0, ZoneOffset.UTC);
		assertThat(plain.obfuscatedPerPeriod(KEY, "ticket", ResetPeriod.NEVER, null).format("ticket", 42, time))
			.isEqualTo(plain.obfuscated(KEY, "ticket").format("ticket", 42, time));
	}

	@Test
	void anIdWithADateThatDoesNotExistIsRefused() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}")
			.obfuscatedPerPeriod(KEY, "order", ResetPeriod.DAILY, null);
		assertThatIllegalArgumentException().isThrownBy(() -> format.readValue("order", "ORD20260231123456"))
			.withMessageStartingWith("'ORD20260231123456' is not an ID of sequence 'order' with format "
					+ "'ORD{yyyyMMdd}{seq:6}': its date/time fields write no date");
	}

}
