package io.github.idgen.autoconfigure.thirdparty;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.jdbc.JdbcBackendAutoConfiguration;
import io.github.idgen.autoconfigure.snowflake.SnowflakeBackendAutoConfiguration;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the backends see the stores whichever auto-configurations an application
 * has: a store that another library's auto-configuration defines, and Spring Boot's store
 * when another auto-configuration declares itself {@code after} a backend (as Spring Boot
 * asks of one whose conditions look for idgen's beans), which sorting then places first.
 * The other auto-configurations live here, in a package that sorts after the backends'
 * ("thirdparty" after "snowflake") and before Spring Boot's ("io.github" before
 * "org.springframework"), so that only the declared order puts the backends after the
 * stores.
 */
class AutoConfigurationOrderTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withPropertyValues("idgen.jdbc.initialize-schema=always");

	@Test
	void theDefaultBackendIsChosenFromAnotherLibrarysStore() {
		this.runner.withConfiguration(IdgenAutoConfigurations.of(ThirdPartyDataSourceAutoConfiguration.class))
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(JdbcSegmentStore.class);
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("order")).isEqualTo(1);
				assertThat(ids.nextId("order")).isEqualTo(2);
			});
	}

	@Test
	void snowflakeWorkerIdsAreLeasedFromAnotherLibrarysStore() {
		this.runner.withConfiguration(IdgenAutoConfigurations.of(ThirdPartyDataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.backend=snowflake")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("order")).isLessThan(ids.nextId("order"));
				assertThat(leases(context.getBean(DataSource.class))).isOne();
			});
	}

	@Test
	void theJdbcBackendSeesBootsDataSourceWhenAnAutoConfigurationComesAfterIt() {
		this.runner
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
					AfterJdbcBackendAutoConfiguration.class))
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(JdbcSegmentStore.class).hasBean("afterJdbcBackend");
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
			});
	}

	@Test
	void snowflakeLeasesFromBootsDataSourceWhenAnAutoConfigurationComesAfterIt() {
		this.runner
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
					AfterSnowflakeBackendAutoConfiguration.class))
			.withPropertyValues("idgen.backend=snowflake")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("order")).isLessThan(ids.nextId("order"));
				assertThat(leases(context.getBean(DataSource.class))).isOne();
			});
	}

	private static Integer leases(DataSource dataSource) {
		return new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM idgen_worker", Integer.class);
	}

	/**
	 * Another library's auto-configuration of the default order that defines the
	 * application's DataSource.
	 */
	@AutoConfiguration
	static class ThirdPartyDataSourceAutoConfiguration {

		@Bean
		DataSource thirdPartyDataSource() {
			return TestBackends.h2();
		}

	}

	/**
	 * An auto-configuration that waits for the JDBC backend.
	 */
	@AutoConfiguration(after = JdbcBackendAutoConfiguration.class)
	static class AfterJdbcBackendAutoConfiguration {

		@Bean
		@ConditionalOnBean(JdbcSegmentStore.class)
		String afterJdbcBackend() {
			return "seen";
		}

	}

	/**
	 * An auto-configuration that waits for the snowflake backend.
	 */
	@AutoConfiguration(after = SnowflakeBackendAutoConfiguration.class)
	static class AfterSnowflakeBackendAutoConfiguration {

	}

}
