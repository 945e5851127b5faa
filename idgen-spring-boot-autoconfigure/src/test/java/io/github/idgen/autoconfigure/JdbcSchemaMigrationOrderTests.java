package io.github.idgen.autoconfigure;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that idgen's tables are created and read after the application's own schema
 * migrations: a Flyway migration that creates idgen's table (without
 * {@code IF NOT EXISTS}) and seeds it runs first, so idgen neither creates the table
 * before it (which would fail the migration) nor reads it before it is seeded.
 */
class JdbcSchemaMigrationOrderTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(FlywayAutoConfiguration.class))
		.withBean(DataSource.class, TestBackends::h2)
		.withPropertyValues("idgen.jdbc.initialize-schema=always");

	@Test
	void theSegmentTableIsReadAsTheMigrationLeftIt() {
		this.runner
			.withPropertyValues("spring.flyway.locations=classpath:idgen-flyway/segment",
					"idgen.jdbc.table=migrated_segment")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1001);
			});
	}

	@Test
	void workerIdsAreLeasedFromTheTableAsTheMigrationLeftIt() {
		this.runner
			.withPropertyValues("spring.flyway.locations=classpath:idgen-flyway/worker", "idgen.backend=snowflake",
					"idgen.snowflake.worker-id-source=jdbc")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				long id = context.getBean(IdGenerator.class).nextId("order");
				assertThat(context.getBean(BitLayout.class).decode(id).worker())
					.as("worker 0 is leased by another instance")
					.isEqualTo(1);
				assertThat(new JdbcTemplate(context.getBean(DataSource.class))
					.queryForObject("SELECT COUNT(*) FROM idgen_worker", Integer.class)).isEqualTo(2);
			});
	}

}
