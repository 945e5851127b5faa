package io.github.idgen.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.github.idgen.IdGenerator;
import io.github.idgen.IdLimit;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpoint;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpointAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.autoconfigure.metrics.IdGeneratorMetricsAutoConfiguration;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The runway of sequences in the actuator endpoint, the health and the metrics, and the
 * startup check of time-based layouts, on a stepped clock.
 */
class SequenceRunwayTests {

	private static final Instant NOW = Instant.parse("2026-11-26T06:00:00Z");

	private final TestClock clock = new TestClock(NOW);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
				IdGeneratorHealthContributorAutoConfiguration.class, IdGeneratorEndpointAutoConfiguration.class,
				IdGeneratorMetricsAutoConfiguration.class))
		.withBean(SimpleMeterRegistry.class)
		.withBean(IdGeneratorAutoConfiguration.CLOCK, Clock.class, () -> this.clock)
		.withPropertyValues("idgen.zone=UTC", "management.endpoints.web.exposure.include=idgen");

	@Test
	void boundedSequenceAtEightyPercentWarnsAndAtItsMaxValueIsOutOfService() {
		this.runner.withPropertyValues("idgen.sequences.ticket.max-value=1000", "idgen.sequences.ticket.step=1000")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				ids.nextIds("ticket", 400);
				assertThat(health(context).getStatus()).isEqualTo(Status.UP);
				this.clock.advance(Duration.ofSeconds(100));
				ids.nextIds("ticket", 400);
				Health atEighty = health(context);
				assertThat(atEighty.getStatus()).isEqualTo(Status.UP);
				assertThat(runwayOf(atEighty, "ticket")).containsEntry("limit", 1000L)
					.containsEntry("limitReason", "max-value 1000")
					.containsEntry("position", 800L)
					.containsEntry("remaining", 200L)
					.containsEntry("runway", "PT50S")
					.containsEntry("forecast", NOW.plusSeconds(150).toString())
					.containsEntry("exhausted", false)
					.containsKey("warning");
				assertThat((double) runwayOf(atEighty, "ticket").get("ratePerSecond")).isCloseTo(4.0, within(1e-9));
				assertThat(detail(atEighty, "runway")).containsOnlyKeys("warnings");
				SimpleMeterRegistry registry = context.getBean(SimpleMeterRegistry.class);
				assertThat(registry.get("idgen.remaining").tag("sequence", "ticket").gauge().value()).isEqualTo(200);
				assertThat(registry.get("idgen.runway").tag("sequence", "ticket").gauge().value()).isEqualTo(50);

				ids.nextIds("ticket", 200);
				Health exhausted = health(context);
				assertThat(exhausted.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
				assertThat(detail(exhausted, "runway")).containsOnlyKeys("exhausted");
				assertThat(runwayOf(exhausted, "ticket")).containsEntry("exhausted", true)
					.containsEntry("remaining", 0L)
					.containsEntry("runway", "PT0S");
				assertThat(registry.get("idgen.runway").tag("sequence", "ticket").gauge().value()).isZero();
				Map<String, Object> described = context.getBean(IdGeneratorEndpoint.class).sequence("ticket").getBody();
				assertThat(runway(described)).containsEntry("exhausted", true).containsEntry("limit", 1000L);
			});
	}

	@Test
	void warnStatusTurnsTheHealthWhileARunwayIsShorterThanWarnBelow() {
		this.runner
			.withPropertyValues("idgen.sequences.ticket.max-value=1000", "idgen.runway.warn-status=OUT_OF_SERVICE",
					"idgen.runway.warn-below=1m")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				ids.nextIds("ticket", 100);
				health(context);
				this.clock.advance(Duration.ofSeconds(100));
				ids.nextIds("ticket", 100);
				assertThat(health(context).getStatus()).as("900 left at 1/s").isEqualTo(Status.UP);
				this.clock.advance(Duration.ofSeconds(10));
				ids.nextIds("ticket", 700);
				Health health = health(context);
				assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
				assertThat(detail(health, "runway")).containsOnlyKeys("warnings");
			});
	}

	@Test
	void dailyFormatAtNinetyPercentOfItsWidthByTheEndOfTheDayIsProjectedWithoutAWarning() {
		this.runner
			.withPropertyValues("idgen.sequences.order.format=ORD{yyyyMMdd}{seq:3}",
					"idgen.sequences.order.reset=daily")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				for (int i = 0; i < 225; i++) {
					ids.nextFormattedId("order");
				}
				health(context);
				this.clock.set(Instant.parse("2026-11-26T12:00:00Z"));
				for (int i = 0; i < 225; i++) {
					ids.nextFormattedId("order");
				}
				Health health = health(context);
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(health.getDetails()).doesNotContainKey("runway");
				assertThat(runwayOf(health, "order")).containsEntry("kind", "period")
					.containsEntry("limit", 999L)
					.containsEntry("position", 450L)
					.containsEntry("projected", 900L)
					.containsEntry("periodEnd", "2026-11-27T00:00:00Z")
					.doesNotContainKeys("runway", "warning");
				SimpleMeterRegistry registry = context.getBean(SimpleMeterRegistry.class);
				assertThat(registry.get("idgen.runway").tag("sequence", "order").gauge().value())
					.isEqualTo(Double.POSITIVE_INFINITY);
				assertThat(registry.get("idgen.remaining").tag("sequence", "order").gauge().value()).isEqualTo(549);
				assertThat(registry.find("idgen.runway").tag("sequence", "order@20261126").gauge()).isNull();
			});
	}

	@Test
	void layoutADayFromItsEndWarnsAndIsOutOfServiceOnceItEnded() {
		Instant lastTime = NOW.plus(Duration.ofDays(1));
		Instant epoch = lastTime.minusMillis(BitLayout.standard().maxTimestamp());
		this.runner
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id=1",
					"idgen.snowflake.epoch=" + epoch, "idgen.runway.minimum=0d")
			.run((context) -> {
				context.getBean(IdGenerator.class).nextId("order");
				Health health = health(context);
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(runwayOf(health, "order")).containsEntry("kind", "time")
					.containsEntry("runway", "PT24H")
					.containsEntry("forecast", lastTime.toString())
					.containsKey("warning");
				assertThat(detail(health, "runway")).containsOnlyKeys("warnings");
				this.clock.set(lastTime.plusMillis(1));
				Health ended = health(context);
				assertThat(ended.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
				assertThat(runwayOf(ended, "order")).containsEntry("exhausted", true);
			});
	}

	@Test
	void layoutThatEndsSoonerThanTheMinimumFailsAtStartup() {
		Instant epoch = NOW.plus(Duration.ofDays(365 * 5)).minusMillis(BitLayout.standard().maxTimestamp());
		this.runner
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id=1",
					"idgen.snowflake.epoch=" + epoch)
			.run((context) -> {
				IdGeneratorConfigurationException failure = StartupFailures.invalidProperty(context, "idgen.snowflake");
				assertThat(failure.getDescription()).contains("idgen.runway.minimum (P10Y)")
					.contains(NOW.plus(Duration.ofDays(365 * 5)).toString());
				assertThat(failure.getAction()).contains("idgen.snowflake.epoch").contains("idgen.runway.minimum");
			});
		this.runner
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id=1",
					"idgen.snowflake.epoch=" + epoch, "idgen.runway.minimum=4y")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void javascriptSafeSequenceIsForecastAgainstTwoToTheFiftyThird() {
		long start = IdLimit.JAVASCRIPT_MAX - 99;
		this.runner
			.withPropertyValues("idgen.sequences.big.start=" + start, "idgen.sequences.big.javascript-safe=true",
					"idgen.sequences.plain.start=" + start)
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				ids.nextIds("big", 60);
				ids.nextIds("plain", 60);
				Health health = health(context);
				assertThat(runwayOf(health, "big")).containsEntry("limit", IdLimit.JAVASCRIPT_MAX)
					.containsEntry("remaining", 40L);
				assertThat(runwayOf(health, "plain")).containsEntry("limit", Long.MAX_VALUE);
				ids.nextIds("big", 40);
				assertThat(health(context).getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
			});
	}

	@Test
	void javascriptSafeSnowflakeSequenceWhoseIdsAreBeyondTwoToTheFiftyThirdIsOutOfService() {
		this.runner
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id=1",
					"idgen.sequences.js.javascript-safe=true")
			.run((context) -> {
				long id = context.getBean(IdGenerator.class).nextId("js");
				assertThat(id).isGreaterThan(IdLimit.JAVASCRIPT_MAX);
				Health health = health(context);
				assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
				assertThat(runwayOf(health, "js")).containsEntry("kind", "time")
					.containsEntry("limit", IdLimit.JAVASCRIPT_MAX)
					.containsEntry("exhausted", true);
			});
	}

	@Test
	void formatThatNeverResetsIsReportedOnceByItsWidthThoughItsCounterHasItsName() {
		this.runner.withPropertyValues("idgen.sequences.ticket.format=T{seq:4}", "idgen.sequences.ticket.start=9990")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				for (int i = 0; i < 5; i++) {
					ids.nextFormattedId("ticket");
				}
				assertThat(runwayOf(health(context), "ticket")).containsEntry("limit", 9999L)
					.containsEntry("remaining", 5L)
					.containsEntry("exhausted", false);
				for (int i = 0; i < 5; i++) {
					ids.nextFormattedId("ticket");
				}
				Health health = health(context);
				assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
				assertThat(runwayOf(health, "ticket")).containsEntry("exhausted", true);
				assertThat(runway(context.getBean(IdGeneratorEndpoint.class).sequence("ticket").getBody()))
					.containsEntry("limit", 9999L)
					.containsEntry("exhausted", true);
				assertThat(context.getBean(SimpleMeterRegistry.class)
					.get("idgen.remaining")
					.tag("sequence", "ticket")
					.gauge()
					.value()).isZero();
			});
	}

	@Test
	void statusThatTheHealthOrderDoesNotHoldFailsAtStartup() {
		this.runner.withPropertyValues("idgen.runway.warn-status=OUT_OF_SERIVCE")
			.run((context) -> assertThat(
					StartupFailures.invalidProperty(context, "idgen.runway.warn-status").getDescription())
				.contains("OUT_OF_SERIVCE")
				.contains("management.endpoint.health.status.order"));
		this.runner.withPropertyValues("idgen.runway.exhausted-status= ")
			.run((context) -> StartupFailures.invalidProperty(context, "idgen.runway.exhausted-status"));
		this.runner
			.withPropertyValues("idgen.runway.warn-status=runway-low",
					"management.endpoint.health.status.order=DOWN,OUT_OF_SERVICE,RUNWAY_LOW,UP,UNKNOWN")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	private static Health health(AssertableApplicationContext context) {
		return context.getBean(IdGeneratorHealthIndicator.class).health();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> runwayOf(Health health, String sequence) {
		return runway(((Map<String, Map<String, Object>>) health.getDetails().get("sequences")).get(sequence));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> runway(Map<String, Object> sequence) {
		assertThat(sequence).containsKey("runway");
		return (Map<String, Object>) sequence.get("runway");
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> detail(Health health, String name) {
		return (Map<String, Object>) health.getDetails().get(name);
	}

}
