package io.github.idgen.format;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.github.idgen.SequenceNames;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link ResetPeriod}.
 */
class ResetPeriodTest {

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 23, 59, 59, 999_999_999, ZoneOffset.UTC);

	@Test
	void dailyCounterIsNamedAfterTheDay() {
		assertThat(ResetPeriod.DAILY.counterName("order", TIME)).isEqualTo("order@20261121");
	}

	@Test
	void monthlyCounterIsNamedAfterTheMonth() {
		assertThat(ResetPeriod.MONTHLY.counterName("order", TIME)).isEqualTo("order@202611");
	}

	@Test
	void yearlyCounterIsNamedAfterTheYear() {
		assertThat(ResetPeriod.YEARLY.counterName("order", TIME)).isEqualTo("order@2026");
	}

	@Test
	void neverCounterIsTheSequenceItself() {
		assertThat(ResetPeriod.NEVER.counterName("order", TIME)).isEqualTo("order");
	}

	@Test
	void periodIsTheLocalDateInTheTimesZone() {
		ZonedDateTime shanghai = TIME.withZoneSameInstant(ZoneId.of("Asia/Shanghai"));
		assertThat(ResetPeriod.DAILY.counterName("order", shanghai)).isEqualTo("order@20261122");
		assertThat(ResetPeriod.MONTHLY.counterName("order", shanghai.plusDays(8))).isEqualTo("order@202611");
		assertThat(ResetPeriod.MONTHLY.counterName("order", shanghai.plusDays(9))).isEqualTo("order@202612");
		assertThat(ResetPeriod.YEARLY.counterName("order", shanghai.plusDays(40))).isEqualTo("order@2027");
	}

	@ParameterizedTest
	@CsvSource({ "DAILY, 119", "MONTHLY, 121", "YEARLY, 123", "NEVER, 128" })
	void longestNameLeavesRoomForThePeriodInItsCounterNames(ResetPeriod reset, int longest) {
		String name = "x".repeat(longest);
		assertThat(reset.validateName(name)).isSameAs(name);
		assertThat(SequenceNames.validateCounter(reset.counterName(name, TIME))).hasSize(SequenceNames.MAX_LENGTH);
		assertThatIllegalArgumentException().isThrownBy(() -> reset.validateName(name + "x"))
			.withMessageContaining("at most " + longest + " characters");
	}

	@Test
	void nameTooLongForItsCountersIsRejectedSayingWhy() {
		String name = "n".repeat(120);
		assertThatIllegalArgumentException().isThrownBy(() -> ResetPeriod.DAILY.validateName(name))
			.withMessage("Sequence name " + SequenceNames.quote(name) + " is too long for reset daily: its counters "
					+ "are named <name>@yyyyMMdd, 9 characters longer, and sequence names have at most 128 characters; "
					+ "use a name of at most 119 characters");
	}

	@Test
	void invalidNameIsRejectedForEveryPeriod() {
		for (ResetPeriod reset : ResetPeriod.values()) {
			assertThatIllegalArgumentException().isThrownBy(() -> reset.validateName(" order"))
				.withMessageContaining("white space");
		}
	}

}
