package io.github.idgen.autoconfigure.metrics;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.TestClock;
import io.github.idgen.worker.WorkerId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link IdGeneratorMetricsAutoConfiguration} and {@link IdGeneratorMeters}:
 * meter names, tags and values against a {@link SimpleMeterRegistry}.
 */
class IdGeneratorMetricsAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
				IdGeneratorMetricsAutoConfiguration.class))
		.withBean(SimpleMeterRegistry.class)
		.withPropertyValues("idgen.backend=jdbc");

	@Test
	void obfuscatedSequenceHasCountingMetersOnlyWhenAskedFor() {
		ApplicationContextRunner obfuscated = this.runner.withPropertyValues(
				"spring.datasource.url=jdbc:h2:mem:${random.uuid}",
				"idgen.obfuscation.key=ZyMCS2vdnq1nOOjUN3a0tq72ZHPANI0kXlCeDEEbK+Y=",
				"idgen.sequences.order.format=ORD{yyyyMMdd}{seq:8}", "idgen.sequences.order.reset=daily",
				"idgen.sequences.order.permutation=per-period", "idgen.sequences.order.obfuscate=true");
		obfuscated.run((context) -> {
			context.getBean(IdGenerator.class).nextFormattedId("order");
			assertThat(context.getBean(MeterRegistry.class).find("idgen.ids.issued").tag("sequence", "order").meters())
				.isEmpty();
		});
		obfuscated.withPropertyValues("idgen.metrics.obfuscated-counts=true").run((context) -> {
			context.getBean(IdGenerator.class).nextFormattedId("order");
			assertThat(context.getBean(MeterRegistry.class)
				.get("idgen.ids.issued")
				.tag("sequence", "order")
				.functionCounter()
				.count()).isEqualTo(1);
		});
	}

	@Test
	void issuedFetchRemainingAndWaitOfASegmentSequence() {
		this.runner.run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			ids.nextId("order");
			ids.nextIds("order", 9);
			assertThat(registry.get("idgen.ids.issued")
				.tag("sequence", "order")
				.tag("backend", "jdbc")
				.functionCounter()
				.count()).isEqualTo(10);
			Awaitility.await()
				.atMost(Duration.ofSeconds(5))
				.untilAsserted(() -> assertThat(registry.find("idgen.segment.fetch")
					.tags("sequence", "order", "backend", "jdbc", "outcome", "success")
					.timer()).as("the fetch, reported once its segment is served").isNotNull());
			assertThat(registry.get("idgen.segment.remaining")
				.tags("sequence", "order", "backend", "jdbc")
				.gauge()
				.value()).isEqualTo(990);
			assertThat(registry.get("idgen.wait").tags("sequence", "order", "backend", "jdbc").timer().count())
				.as("the first call waits for the first segment, later ones do not")
				.isEqualTo(1);
			assertThat(registry.find("idgen.segment.fetch").tag("outcome", "failure").timer()).isNull();
			assertThat(registry.find("idgen.snowflake.clock.backward").counter()).isNull();
		});
	}

	@Test
	void sequencesBeyondMaxSequencesAreReportedAsOther() {
		this.runner.withPropertyValues("idgen.metrics.max-sequences=2").run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			for (String name : new String[] { "a", "b", "c", "d", "e" }) {
				ids.nextIds(name, 2);
			}
			ids.nextId("a");
			assertThat(registry.find("idgen.ids.issued").functionCounters()).hasSize(3);
			assertThat(registry.get("idgen.ids.issued").tag("sequence", "a").functionCounter().count()).isEqualTo(3);
			assertThat(registry.get("idgen.ids.issued").tag("sequence", "b").functionCounter().count()).isEqualTo(2);
			assertThat(registry.get("idgen.ids.issued").tag("sequence", "other").functionCounter().count())
				.isEqualTo(6);
			assertThat(registry.get("idgen.segment.remaining").tag("sequence", "other").gauge().value())
				.isEqualTo(3 * 998);
			assertThat(registry.get("idgen.wait").tag("sequence", "other").timer().count()).isEqualTo(3);
		});
	}

	@Test
	void failedFetchIsTimedWithOutcomeFailure() {
		// closing the application's pool fails the fetches only where idgen shares it
		this.runner.withUserConfiguration(ClosableDataSourceConfiguration.class)
			.withPropertyValues("idgen.segment.fetch-timeout=200ms", "idgen.jdbc.pool-size=0")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				ids.nextId("order");
				context.getBean(HikariDataSource.class).close();
				assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> ids.nextId("invoice"));
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("idgen.segment.fetch")
					.tags("sequence", "invoice", "backend", "jdbc", "outcome", "failure")
					.timer()
					.count()).isGreaterThanOrEqualTo(1);
				assertThat(registry.get("idgen.segment.fetch")
					.tags("sequence", "order", "outcome", "success")
					.timer()
					.count()).isEqualTo(1);
				assertThat(
						registry.get("idgen.wait").tag("sequence", "invoice").timer().totalTime(TimeUnit.MILLISECONDS))
					.isGreaterThanOrEqualTo(150);
			});
	}

	@Test
	void leasedSnowflakeWorkerReportsIssuedAndLeaseSeconds() {
		DataSource shared = TestBackends.h2();
		this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(shared))
			.withPropertyValues("idgen.backend=snowflake", "idgen.jdbc.initialize-schema=always",
					"idgen.snowflake.lease-ttl=60s")
			.run((context) -> {
				context.getBean(IdGenerator.class).nextIds("order", 5);
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("idgen.ids.issued")
					.tags("sequence", "order", "backend", "snowflake")
					.functionCounter()
					.count()).isEqualTo(5);
				assertThat(registry.get("idgen.worker.lease")
					.tags("sequence", "order", "backend", "snowflake")
					.gauge()
					.value()).isBetween(40.0, 48.0);
				assertThat(registry.find("idgen.segment.remaining").gauge()).isNull();
			});
	}

	@Test
	void clockMovingBackwardIsCounted() {
		SimpleMeterRegistry registry = new SimpleMeterRegistry();
		BackendObservers meters = new IdGeneratorMeters(registry, 10);
		TestClock clock = new TestClock(BitLayout.DEFAULT_EPOCH.plusSeconds(1000));
		SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1), clock,
				Duration.ofMillis(5), meters.observer(Backend.SNOWFLAKE));
		generator.nextId();
		clock.advance(-100);
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId);
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId);
		assertThat(registry.get("idgen.snowflake.clock.backward").tag("backend", "snowflake").counter().count())
			.isEqualTo(2);
	}

	@Test
	void periodCountersCountAsTheirSequence() {
		SequenceTags tags = new SequenceTags(1);
		assertThat(tags.tagOf("order@20261121")).isEqualTo("order");
		assertThat(tags.tagOf("order@20261122")).isEqualTo("order");
		assertThat(tags.tagOf("order")).isEqualTo("order");
		assertThat(tags.tagOf("invoice")).isEqualTo("other");
	}

	@Test
	void maxSequencesBelowOneFailsNamingTheProperty() {
		this.runner.withPropertyValues("idgen.metrics.max-sequences=0").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(IdGeneratorConfigurationException.class)
				.hasMessageContaining("idgen.metrics.max-sequences")
				.extracting((failure) -> ((IdGeneratorConfigurationException) failure).getAction())
				.asString()
				.contains("Set idgen.metrics.max-sequences to 1 or more");
		});
	}

	@Test
	void backsOffWithoutMeterRegistryOrMicrometer() {
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
					IdGeneratorMetricsAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(BackendObservers.class));
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).doesNotHaveBean(BackendObservers.class));
	}

	@Configuration(proxyBeanMethods = false)
	static class ClosableDataSourceConfiguration {

		@Bean
		DataSource dataSource() {
			HikariDataSource dataSource = new HikariDataSource();
			dataSource.setJdbcUrl("jdbc:h2:mem:metrics" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
			return dataSource;
		}

	}

}
