package io.github.idgen.format;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Review: {@link IdFormat#readValue(String, String)} must refuse what the format cannot
 * have written, so that one counter never has two IDs that decode to it.
 */
class IdFormatReadValueReviewTest {

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 9, 5, 7, 0, ZoneOffset.UTC);

	@Test
	void dateFieldsOutOfRangeAreRefused() {
		IdFormat format = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");
		assertThat(format.readValue("order", "ORD20261121000001")).isEqualTo(1);
		// month 99, day 99: no clock writes these
		assertThatIllegalArgumentException().isThrownBy(() -> format.readValue("order", "ORD20269999000001"));
	}

	@Test
	void clockHourOfAmPmOutOfRangeIsRefused() {
		IdFormat format = IdFormat.parse("{yyMMddhh}{seq:4}");
		// hh writes 01 to 12
		assertThatIllegalArgumentException().isThrownBy(() -> format.readValue("s", "261121000001"));
		assertThatIllegalArgumentException().isThrownBy(() -> format.readValue("s", "261121130001"));
	}

	@Test
	void crockfordTextReadsOnlyWhatItWrites() {
		IdFormat format = IdFormat.parse("INV-{seq:crockford-base32}");
		String written = format.format("inv", 1, TIME);
		assertThat(written).isEqualTo("INV-0000000000001");
		assertThat(format.readValue("inv", written)).isEqualTo(1);
		// four more spellings of the same invoice number, none of which the format writes
		for (String other : new String[] { "INV-000000000000I", "INV-000000000000i", "INV-000000000000L",
				"INV-OOOOOOOOOOOO1" }) {
			assertThatIllegalArgumentException().as(other).isThrownBy(() -> format.readValue("inv", other));
		}
	}

}
