package io.github.idgen.autoconfigure.health;

import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link IdGeneratorHealthContributorAutoConfiguration} and
 * {@link IdGeneratorHealthIndicator}.
 */
class IdGeneratorHealthContributorAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
				IdGeneratorHealthContributorAutoConfiguration.class));

	@Test
	void registersIndicatorNamedIdgen() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(IdGeneratorHealthIndicator.class)
			.hasBean("idgenHealthIndicator"));
	}

	@Test
	void backsOffWhenDisabled() {
		this.runner.withPropertyValues("management.health.idgen.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(IdGeneratorHealthIndicator.class));
	}

	@Test
	void backsOffWhenIdGenIsDisabled() {
		this.runner.withPropertyValues("idgen.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdGeneratorHealthIndicator.class));
	}

	@Test
	@SuppressWarnings("unchecked")
	void upWithDetailsOfEverySequenceUsed() {
		this.runner.run((context) -> {
			context.getBean(IdGenerator.class).nextIds("order", 10);
			Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("backends", Map.of("jdbc", "UP"));
			Map<String, Object> sequences = (Map<String, Object>) health.getDetails().get("sequences");
			assertThat(sequences).containsOnlyKeys("order");
			assertThat((Map<String, Object>) sequences.get("order")).containsEntry("segmentStart", 1L)
				.containsEntry("segmentEnd", 1001L)
				.containsEntry("remaining", 990L)
				.containsEntry("step", 1000L)
				.doesNotContainKey("lastFailure");
		});
	}

	@Test
	@SuppressWarnings("unchecked")
	void hidesTheCountsOfObfuscatedSequencesAsTheEndpointDoes() {
		this.runner
			.withPropertyValues("idgen.sequences.receipt.format=R{seq:8}", "idgen.sequences.receipt.obfuscate=true",
					"idgen.sequences.daily.format=D{yyyyMMdd}{seq:8}", "idgen.sequences.daily.reset=daily",
					"idgen.sequences.daily.permutation=per-period", "idgen.sequences.daily.obfuscate=true",
					"idgen.obfuscation.key=ZyMCS2vdnq1nOOjUN3a0tq72ZHPANI0kXlCeDEEbK+Y=",
					"idgen.runway.warn-below=3650000d")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				for (int i = 0; i < 10; i++) {
					ids.nextFormattedId("receipt");
					ids.nextFormattedId("daily");
				}
				ids.nextIds("order", 10);
				Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
				Map<String, Object> sequences = (Map<String, Object>) health.getDetails().get("sequences");
				assertThat((Map<String, Object>) sequences.get("order")).containsKeys("segmentStart", "runway");
				assertThat(sequences).allSatisfy((name, details) -> {
					if (!name.equals("order")) {
						assertThat((Map<String, Object>) details).as(name)
							.doesNotContainKeys("segmentStart", "segmentEnd", "remaining", "prefetched", "runway")
							.containsEntry("obfuscated", true);
					}
				});
				assertThat(String.valueOf(health.getDetails().get("runway"))).doesNotContain("receipt", "daily");
			});
	}

	@Test
	@SuppressWarnings("unchecked")
	void downWithReasonWhenDatabaseIsGone() {
		// closing the application's pool takes the database away only where idgen shares
		// it
		this.runner.withUserConfiguration(ClosableDataSourceConfiguration.class)
			.withPropertyValues("idgen.segment.fetch-timeout=100ms", "idgen.jdbc.pool-size=0")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				ids.nextId("order");
				context.getBean(HikariDataSource.class).close();
				Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
				assertThat(health.getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.getDetails()).containsKey("error").containsKey("sequences");
				assertThat((Map<String, Object>) health.getDetails().get("backends")).hasEntrySatisfying("jdbc",
						(status) -> assertThat(status.toString()).startsWith("DOWN: "));
				assertThat((Map<String, Object>) health.getDetails().get("sequences")).containsKey("order");
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class ClosableDataSourceConfiguration {

		@Bean
		DataSource dataSource() {
			HikariDataSource dataSource = new HikariDataSource();
			dataSource.setJdbcUrl("jdbc:h2:mem:health" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
			return dataSource;
		}

	}

}
