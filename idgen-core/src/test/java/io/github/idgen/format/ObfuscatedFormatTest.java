package io.github.idgen.format;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.github.idgen.SequenceExhaustedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link IdFormat#obfuscated(byte[], String)}: the value field of an obfuscated
 * format is a keyed permutation of the value within its width.
 */
class ObfuscatedFormatTest {

	private static final byte[] KEY = HexFormat.of().parseHex("2B7E151628AED2A6ABF7158809CF4F3C");

	private static final byte[] OTHER_KEY = HexFormat.of().parseHex("000102030405060708090A0B0C0D0E0F");

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 9, 5, 7, 0, ZoneOffset.UTC);

	private final IdFormat plain = IdFormat.parse("ORD{yyyyMMdd}{seq:3}");

	private final IdFormat obfuscated = this.plain.obfuscated(KEY, "order");

	@Test
	void everyValueOfTheWidthGivesAnotherNumberOfTheSameWidthAndComesBack() {
		Set<String> ids = new HashSet<>();
		int unchanged = 0;
		for (long value = 0; value <= 999; value++) {
			String id = this.obfuscated.format("order", value, TIME);
			assertThat(id).hasSize(14).startsWith("ORD20261121");
			assertThat(ids.add(id)).as("%s of value %d is new", id, value).isTrue();
			assertThat(this.obfuscated.readValue("order", id)).isEqualTo(value);
			if (id.equals(this.plain.format("order", value, TIME))) {
				unchanged++;
			}
		}
		assertThat(ids).hasSize(1000);
		assertThat(unchanged).as("values written as they are").isLessThan(10);
		assertThat(this.obfuscated.isObfuscated()).isTrue();
		assertThat(this.plain.isObfuscated()).isFalse();
		assertThat(this.obfuscated.pattern()).isEqualTo("ORD{yyyyMMdd}{seq:3}");
	}

	@Test
	void consecutiveValuesAreNotInOrder() {
		IdFormat wide = IdFormat.parse("{seq:8}").obfuscated(KEY, "order");
		int ascending = 0;
		long previous = Long.parseLong(wide.format("order", 1, TIME));
		for (long value = 2; value <= 100_001; value++) {
			long next = Long.parseLong(wide.format("order", value, TIME));
			if (next > previous) {
				ascending++;
			}
			previous = next;
		}
		assertThat(ascending / 100_000.0).isBetween(0.49, 0.51);
	}

	@Test
	void permutationDependsOnTheKeyAndTheSequence() {
		IdFormat otherKey = this.plain.obfuscated(OTHER_KEY, "order");
		IdFormat otherSequence = this.plain.obfuscated(KEY, "invoice");
		int sameForKey = 0;
		int sameForSequence = 0;
		for (long value = 1; value <= 100; value++) {
			String id = this.obfuscated.format("order", value, TIME);
			sameForKey += id.equals(otherKey.format("order", value, TIME)) ? 1 : 0;
			sameForSequence += id.equals(otherSequence.format("order", value, TIME)) ? 1 : 0;
		}
		assertThat(sameForKey).isLessThan(5);
		assertThat(sameForSequence).isLessThan(5);
	}

	@Test
	void nineteenDigitsHoldEveryLong() {
		IdFormat format = IdFormat.parse("{seq:19}").obfuscated(KEY, "order");
		for (long value : new long[] { 0, 1, 1L << 53, Long.MAX_VALUE - 1, Long.MAX_VALUE }) {
			String id = format.format("order", value, TIME);
			assertThat(id).hasSize(19);
			assertThat(Long.parseLong(id)).isNotNegative();
			assertThat(format.readValue("order", id)).isEqualTo(value);
		}
	}

	@Test
	void valueWiderThanTheWidthIsExhaustedAsWithoutObfuscation() {
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> this.obfuscated.format("order@20261121", 1000, TIME))
			.withMessage("Sequence 'order@20261121' value 1000 does not fit the width 3 of format "
					+ "'ORD{yyyyMMdd}{seq:3}'");
	}

	@Test
	void formatWithoutAFixedDecimalWidthCannotBeObfuscated() {
		assertThatIllegalArgumentException().isThrownBy(() -> IdFormat.parse("ORD{seq}").obfuscated(KEY, "order"))
			.withMessage("Format 'ORD{seq}' cannot be obfuscated: its value {seq} is not decimal digits of a fixed "
					+ "width; write {seq:N}");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IdFormat.parse("ORD{seq:base62}").obfuscated(KEY, "order"))
			.withMessageContaining("its value {seq:base62} is not decimal digits of a fixed width");
	}

	@Test
	void readingRefusesWhatTheFormatCannotHaveWritten() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.obfuscated.readValue("order", "ORD2026112112x"))
			.withMessageContaining("the value holds a character other than the digits 0 to 9 at index 2");
		IdFormat wide = IdFormat.parse("{seq:19}").obfuscated(KEY, "order");
		assertThatIllegalArgumentException().isThrownBy(() -> wide.readValue("order", "9300000000000000000"))
			.withMessageContaining("the value 9300000000000000000 exceeds 9223372036854775807");
	}

}
