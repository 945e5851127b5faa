package io.github.idgen.autoconfigure.thirdparty;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.jdbc.JdbcBackendAutoConfiguration;
import io.github.idgen.autoconfigure.snowflake.SnowflakeBackendAutoConfiguration;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.jdbc.JdbcWorkerLeaseStore;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of the backend order (review12): another auto-configuration that declares itself
 * {@code after} an idgen auto-configuration, as Spring Boot asks of one whose conditions
 * look for idgen's beans. Its package ("io.github...") sorts before Spring Boot's
 * ("org.springframework..."), as "com.", "de.", "io." and most application packages do.
 */
class AutoConfigurationAfterIdgenOrderTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
		.withPropertyValues("idgen.jdbc.initialize-schema=always");

	/**
	 * Before the change the root was after DataSourceAutoConfiguration, so sorting pulled
	 * the DataSource in before the JDBC backend that an auto-configuration named in its
	 * {@code after}. Now the backend's order is its only tie to the stores, and an
	 * {@code after} of an auto-configuration of the default order pulls it ahead of them:
	 * its @ConditionalOnBean(DataSource) sees none, and startup fails saying that the
	 * application lacks spring-boot-starter-jdbc, which it has.
	 */
	@Test
	void jdbcBackendSeesBootsDataSourceWhenAnotherAutoConfigurationComesAfterIt() {
		this.runner.withConfiguration(AutoConfigurations.of(AfterJdbcBackendAutoConfiguration.class))
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(JdbcSegmentStore.class);
				assertThat(context).hasBean("afterJdbcBackendMarker");
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("order")).isEqualTo(1);
			});
	}

	/**
	 * The same for snowflake, whose worker ID is leased from the DataSource by
	 * OnLeasedWorkerIdCondition, which looks for the store beans.
	 */
	@Test
	void snowflakeLeasesFromBootsDataSourceWhenAnotherAutoConfigurationComesAfterIt() {
		this.runner.withConfiguration(AutoConfigurations.of(AfterSnowflakeBackendAutoConfiguration.class))
			.withPropertyValues("idgen.backend=snowflake")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(JdbcWorkerLeaseStore.class);
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("order")).isLessThan(ids.nextId("order"));
			});
	}

	/**
	 * An auto-configuration that is after the root and, by its package, sorts after the
	 * backends' packages ("thirdparty" after "snowflake"): before the change it came
	 * after the backends (default order, earlier by name), now it comes before them
	 * (BACKEND_ORDER), so a condition on a backend bean no longer matches.
	 */
	@Test
	void autoConfigurationAfterTheRootStillSeesTheBackends() {
		this.runner.withConfiguration(AutoConfigurations.of(AfterIdgenAutoConfiguration.class)).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(JdbcSegmentStore.class);
			assertThat(context).hasBean("afterIdgenMarker");
		});
	}

	@AutoConfiguration(after = JdbcBackendAutoConfiguration.class)
	static class AfterJdbcBackendAutoConfiguration {

		@Bean
		@ConditionalOnBean(JdbcSegmentStore.class)
		String afterJdbcBackendMarker() {
			return "seen";
		}

	}

	@AutoConfiguration(after = SnowflakeBackendAutoConfiguration.class)
	static class AfterSnowflakeBackendAutoConfiguration {

	}

	@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
	static class AfterIdgenAutoConfiguration {

		@Bean
		@ConditionalOnBean(IdGeneratorBackend.class)
		String afterIdgenMarker() {
			return "seen";
		}

	}

}
