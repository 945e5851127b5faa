package io.github.idgen.runway;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

import io.github.idgen.IdLimit;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Tests for {@link RunwayForecaster} on a stepped clock.
 */
class RunwayForecasterTest {

	private static final Instant NOON = Instant.parse("2026-11-26T12:00:00Z");

	private final TestClock clock = new TestClock(NOON);

	private final RunwayForecaster forecaster = new RunwayForecaster(this.clock);

	@Test
	void boundedSequenceAtEightyPercentIsForecastFromItsRate() {
		IdLimit limit = IdLimit.maxValue(1000);
		Runway first = this.forecaster.forecast("order", limit, OptionalLong.of(400));
		assertThat(first.rate()).isNull();
		assertThat(first.runway()).isNull();
		assertThat(first.remaining()).isEqualTo(600);
		this.clock.advance(Duration.ofSeconds(100));
		Runway runway = this.forecaster.forecast("order", limit, OptionalLong.of(800));
		assertThat(runway.rate()).isCloseTo(4.0, within(1e-9));
		assertThat(runway.remaining()).isEqualTo(200);
		assertThat(runway.runway()).isEqualTo(Duration.ofSeconds(50));
		assertThat(runway.forecast()).isEqualTo(NOON.plusSeconds(150));
		assertThat(runway.exhausted()).isFalse();
		assertThat(runway.shorterThan(Duration.ofMinutes(1))).isTrue();
		assertThat(runway.shorterThan(Duration.ofSeconds(50))).isFalse();
	}

	@Test
	void boundedSequenceAtItsMaxValueIsExhausted() {
		IdLimit limit = IdLimit.maxValue(1000);
		this.forecaster.forecast("order", limit, OptionalLong.of(800));
		this.clock.advance(Duration.ofSeconds(50));
		Runway runway = this.forecaster.forecast("order", limit, OptionalLong.of(1000));
		assertThat(runway.exhausted()).isTrue();
		assertThat(runway.remaining()).isZero();
		assertThat(runway.runway()).isEqualTo(Duration.ZERO);
		assertThat(runway.forecast()).isEqualTo(NOON.plusSeconds(50));
		assertThat(runway.shorterThan(Duration.ZERO)).isTrue();
	}

	@Test
	void cyclicSequenceAtItsMaxValueIsNotExhausted() {
		IdLimit limit = IdLimit.cycle(1000);
		this.forecaster.forecast("ticket", limit, OptionalLong.of(900));
		this.clock.advance(Duration.ofSeconds(10));
		Runway runway = this.forecaster.forecast("ticket", limit, OptionalLong.of(1000));
		assertThat(runway.exhausted()).isFalse();
		assertThat(runway.runway()).isNull();
		assertThat(runway.rate()).isCloseTo(10.0, within(1e-9));
	}

	@Test
	void rateIsWeightedOverTheWindowNotTakenFromTheLastSample() {
		IdLimit limit = IdLimit.longRange();
		this.forecaster.forecast("order", limit, OptionalLong.of(0));
		this.clock.advance(Duration.ofMinutes(60));
		this.forecaster.forecast("order", limit, OptionalLong.of(36_000));
		this.clock.advance(Duration.ofSeconds(1));
		Runway burst = this.forecaster.forecast("order", limit, OptionalLong.of(36_000 + 1_000));
		double weight = 1 - Math.exp(-1.0 / RunwayForecaster.RATE_WINDOW.getSeconds());
		assertThat(burst.rate()).isCloseTo(10 + weight * (1000 - 10), within(1e-9));
		assertThat(burst.rate()).isLessThan(20);
	}

	@Test
	void positionBelowThePreviousStartsANewBaselineAndKeepsTheRate() {
		IdLimit limit = IdLimit.longRange();
		this.forecaster.forecast("order", limit, OptionalLong.of(0));
		this.clock.advance(Duration.ofSeconds(100));
		this.forecaster.forecast("order", limit, OptionalLong.of(500));
		this.clock.advance(Duration.ofSeconds(100));
		Runway afterReset = this.forecaster.forecast("order", limit, OptionalLong.of(3));
		assertThat(afterReset.rate()).isCloseTo(5.0, within(1e-9));
		this.clock.advance(Duration.ofSeconds(1000));
		assertThat(this.forecaster.forecast("order", limit, OptionalLong.of(5003)).rate()).isCloseTo(5.0, within(1e-9));
	}

	@Test
	void clockSteppedBackStartsANewBaselineAndKeepsTheRate() {
		IdLimit limit = IdLimit.longRange();
		this.forecaster.forecast("order", limit, OptionalLong.of(0));
		this.clock.advance(Duration.ofSeconds(15));
		this.forecaster.forecast("order", limit, OptionalLong.of(1500));
		this.clock.advance(Duration.ofHours(-1));
		assertThat(this.forecaster.forecast("order", limit, OptionalLong.of(3000)).rate()).isCloseTo(100, within(1e-9));
		this.clock.advance(Duration.ofSeconds(15));
		assertThat(this.forecaster.forecast("order", limit, OptionalLong.of(4500)).rate()).isCloseTo(100, within(1e-9));
	}

	@Test
	void sequencesHaveRatesOfTheirOwn() {
		IdLimit limit = IdLimit.longRange();
		this.forecaster.forecast("a", limit, OptionalLong.of(0));
		this.forecaster.forecast("b", limit, OptionalLong.of(0));
		this.clock.advance(Duration.ofSeconds(10));
		assertThat(this.forecaster.forecast("a", limit, OptionalLong.of(100)).rate()).isCloseTo(10, within(1e-9));
		assertThat(this.forecaster.forecast("b", limit, OptionalLong.of(1)).rate()).isCloseTo(0.1, within(1e-9));
	}

	@Test
	void sequenceWithoutPositionHasNoForecast() {
		Runway runway = this.forecaster.forecast("order", IdLimit.maxValue(10), OptionalLong.empty());
		assertThat(runway.position()).isNull();
		assertThat(runway.remaining()).isNull();
		assertThat(runway.runway()).isNull();
		assertThat(runway.exhausted()).isFalse();
	}

	@Test
	void runwayBeyondTheHorizonIsNotInSight() {
		IdLimit limit = IdLimit.longRange();
		this.forecaster.forecast("order", limit, OptionalLong.of(0));
		this.clock.advance(Duration.ofSeconds(1));
		Runway runway = this.forecaster.forecast("order", limit, OptionalLong.of(1));
		assertThat(runway.rate()).isCloseTo(1.0, within(1e-9));
		assertThat(runway.runway()).isNull();
		assertThat(runway.forecast()).isNull();
	}

	@Test
	void layoutADayFromItsEndHasADayOfRunwayWhateverTheRate() {
		BitLayout layout = BitLayout.standard();
		Instant lastTime = NOON.plus(Duration.ofDays(1));
		BitLayout ending = layout.withEpoch(lastTime.minusMillis(layout.maxTimestamp()));
		assertThat(ending.lastTime()).isEqualTo(lastTime);
		int shift = layout.datacenterBits() + layout.workerBits() + layout.sequenceBits();
		IdLimit limit = IdLimit.time(ending.lastTime(), layout.timestampBits(), shift, "layout");
		Runway runway = this.forecaster.forecast("order", limit, OptionalLong.empty());
		assertThat(runway.runway()).isEqualTo(Duration.ofDays(1));
		assertThat(runway.forecast()).isEqualTo(lastTime);
		assertThat(runway.exhausted()).isFalse();
		assertThat(runway.rate()).isNull();
		assertThat(runway.position())
			.isEqualTo(ending.compose(ending.maxTimestamp() - Duration.ofDays(1).toMillis(), 0, 0, 0));
		assertThat(runway.remaining()).isEqualTo(limit.maxValue() - runway.position());
		this.clock.set(lastTime);
		assertThat(this.forecaster.forecast("order", limit, OptionalLong.empty()).exhausted()).isFalse();
		this.clock.advance(Duration.ofMillis(1));
		Runway ended = this.forecaster.forecast("order", limit, OptionalLong.empty());
		assertThat(ended.exhausted()).isTrue();
		assertThat(ended.runway()).isEqualTo(Duration.ZERO);
		assertThat(ended.remaining()).isZero();
	}

	@Test
	void dailyCounterAtNinetyPercentOfItsWidthByTheEndOfTheDayIsNotForecastToOverflow() {
		Instant midnight = Instant.parse("2026-11-27T00:00:00Z");
		IdLimit limit = IdLimit.period(999, midnight, "the width 3 of format 'ORD{yyyyMMdd}{seq:3}' per day");
		this.clock.set(Instant.parse("2026-11-26T06:00:00Z"));
		this.forecaster.forecast("order", limit, OptionalLong.of(225));
		this.clock.set(NOON);
		Runway runway = this.forecaster.forecast("order", limit, OptionalLong.of(450));
		assertThat(runway.rate()).isCloseTo(225 / 21_600.0, within(1e-9));
		assertThat(runway.projected()).isEqualTo(900);
		assertThat(runway.runway()).isNull();
		assertThat(runway.exhausted()).isFalse();
	}

	@Test
	void dailyCounterThatWouldOverflowItsWidthBeforeTheDayEndsIsForecast() {
		Instant midnight = Instant.parse("2026-11-27T00:00:00Z");
		IdLimit limit = IdLimit.period(999, midnight, "the width 3 of format 'ORD{yyyyMMdd}{seq:3}' per day");
		this.clock.set(Instant.parse("2026-11-26T06:00:00Z"));
		this.forecaster.forecast("order", limit, OptionalLong.of(150));
		this.clock.set(NOON);
		Runway runway = this.forecaster.forecast("order", limit, OptionalLong.of(450));
		assertThat(runway.projected()).isEqualTo(1050);
		assertThat(runway.runway().toMillis()).isCloseTo(549_000L * 72, within(1L));
		assertThat(runway.forecast()).isBefore(midnight);
	}

}
