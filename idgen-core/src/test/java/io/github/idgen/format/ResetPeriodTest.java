package io.github.idgen.format;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ResetPeriod}.
 */
class ResetPeriodTest {

	private static final ZonedDateTime TIME = ZonedDateTime.of(2026, 11, 21, 23, 59, 59, 999_999_999,
			ZoneOffset.UTC);

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

}
