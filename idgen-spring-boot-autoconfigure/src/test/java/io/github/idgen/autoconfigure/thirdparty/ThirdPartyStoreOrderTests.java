package io.github.idgen.autoconfigure.thirdparty;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.jdbc.JdbcWorkerLeaseStore;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the backends see a store that another library's auto-configuration defines,
 * not only Spring Boot's. The library's auto-configuration lives in a package whose name
 * sorts after idgen's, and it names no idgen class, so only the backends' order puts them
 * after it.
 */
class ThirdPartyStoreOrderTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(ThirdPartyDataSourceAutoConfiguration.class))
		.withPropertyValues("idgen.jdbc.initialize-schema=always");

	@Test
	void theDefaultBackendIsChosenFromTheLibrarysStore() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(JdbcSegmentStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("order")).isEqualTo(1);
			assertThat(ids.nextId("order")).isEqualTo(2);
		});
	}

	@Test
	void snowflakeWorkerIdsAreLeasedFromTheLibrarysStore() {
		this.runner.withPropertyValues("idgen.backend=snowflake").run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(JdbcWorkerLeaseStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("order")).isLessThan(ids.nextId("order"));
		});
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

}
