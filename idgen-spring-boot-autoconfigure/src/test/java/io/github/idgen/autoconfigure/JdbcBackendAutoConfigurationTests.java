package io.github.idgen.autoconfigure;

import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.jdbc.JdbcProperties;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.jdbc.JdbcWorkerLeaseStore;
import io.github.idgen.jdbc.JdbcWorkerSchema;
import io.github.idgen.redis.CounterFloor;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Tests for the JDBC backend's auto-configuration: its table created as one of Spring
 * Boot's database initializers, the shape of an existing table, and the databases that
 * snowflake worker IDs can be leased from; and for HSQLDB and Derby as embedded
 * databases.
 */
class JdbcBackendAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of());

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb),
				Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2),
				Arguments.of("HSQLDB", (Supplier<DataSource>) TestBackends::hsqldb),
				Arguments.of("Derby", (Supplier<DataSource>) TestBackends::derby));
	}

	@Test
	void beansThatDependOnDatabaseInitializationFindTheSegmentTableThatIdgenCreates() {
		DataSource dataSource = TestBackends.h2();
		String table = uniqueTable();
		this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withBean(SegmentTableReader.class)
			.withPropertyValues("idgen.jdbc.table=" + table, "idgen.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(SegmentTableReader.class).rows).isZero();
				assertThat(context.getBeanFactory().getBeanDefinition("idgenJdbcSegmentStore").getDependsOn())
					.contains("idgenJdbcSegmentTableInitializer");
			});
	}

	@Test
	void jdbcFloorOfRedisCountersIsNotSetUpWhenRedisIsNotInUse() {
		DataSource dataSource = TestBackends.h2();
		String table = uniqueTable();
		this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id=1",
					"idgen.redis.floor-source=jdbc", "idgen.jdbc.table=" + table, "idgen.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(CounterFloor.class);
				assertThatException().isThrownBy(() -> new JdbcTemplate(dataSource)
					.queryForObject("SELECT COUNT(*) FROM " + table, Integer.class));
			});
	}

	@Test
	void applicationsOwnStoreNeitherNeedsADataSourceChoiceNorGetsAnIdgenTable() {
		DataSource first = TestBackends.h2();
		DataSource second = TestBackends.h2();
		this.runner.withBean("first", DataSource.class, () -> new DelegatingDataSource(first))
			.withBean("second", DataSource.class, () -> new DelegatingDataSource(second))
			.withBean(JdbcSegmentStore.class, () -> new JdbcSegmentStore(first, uniqueTable()))
			.withPropertyValues("idgen.backend=jdbc", "idgen.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(DataSourceScriptDatabaseInitializer.class);
				for (DataSource dataSource : List.of(first, second)) {
					assertThatException().isThrownBy(() -> new JdbcTemplate(dataSource)
						.queryForObject("SELECT COUNT(*) FROM idgen_segment", Integer.class));
				}
			});
	}

	@Test
	void segmentTableIsLeftAloneWithInitializeSchemaNever() {
		DataSource dataSource = TestBackends.h2();
		String table = uniqueTable();
		this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("idgen.jdbc.table=" + table, "idgen.jdbc.initialize-schema=never")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).hasSingleBean(DataSourceScriptDatabaseInitializer.class);
				assertThatException().isThrownBy(() -> new JdbcTemplate(dataSource)
					.queryForObject("SELECT COUNT(*) FROM " + table, Integer.class));
			});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void failsNamingTablePropertyWhenTableHasAnotherShape(String name, Supplier<DataSource> database) {
		DataSource dataSource = database.get();
		String table = uniqueTable();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("CREATE TABLE " + table + " (sequence_name VARCHAR(128) NOT NULL, max_id INT NOT NULL, "
				+ "step BIGINT NOT NULL, tenant VARCHAR(16) NOT NULL)");
		try {
			this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
				.withPropertyValues("idgen.jdbc.table=" + table)
				.run((context) -> {
					IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.jdbc.table");
					assertThat(failure.getValue()).isEqualTo(table);
					assertThat(failure.getDescription()).contains("idgen.jdbc.table is '" + table + "'",
							"column sequence_name is neither its primary key nor unique on its own",
							"column max_id is ", "it has no column updated_at",
							"column tenant is NOT NULL without a default");
					assertThat(failure.getAction()).contains("CREATE TABLE ", table + " (", "sequence_name VARCHAR(",
							"max_id BIGINT NOT NULL", "updated_at");
				});
		}
		finally {
			jdbc.execute("DROP TABLE " + table);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void startsWhenTableHasTheShapeOfTheSchemaScript(String name, Supplier<DataSource> database) {
		DataSource dataSource = database.get();
		String table = uniqueTable();
		new JdbcSegmentSchema(dataSource, table).createIfMissing();
		try {
			this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
				.withPropertyValues("idgen.jdbc.table=" + table, "idgen.jdbc.initialize-schema=never")
				.run((context) -> assertThat(context.getBean(IdGenerator.class).nextId("order")).isOne());
		}
		finally {
			new JdbcTemplate(dataSource).execute("DROP TABLE " + table);
		}
	}

	@Test
	void startsWhenTableDoesNotExistYet() {
		DataSource dataSource = TestBackends.postgres();
		this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("idgen.jdbc.table=" + uniqueTable(), "idgen.jdbc.initialize-schema=never")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void startsWithoutCheckingWhenDatabaseCannotBeReached() {
		PGSimpleDataSource unreachable = new PGSimpleDataSource();
		unreachable.setServerNames(new String[] { "127.0.0.1" });
		unreachable.setPortNumbers(new int[] { 1 });
		unreachable.setConnectTimeout(2);
		this.runner.withBean(DataSource.class, () -> unreachable)
			.withPropertyValues("idgen.jdbc.initialize-schema=never")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void startsWithoutCheckingWhenDatabaseCannotBeReachedWithAnObfuscatedSequence() {
		PGSimpleDataSource unreachable = new PGSimpleDataSource();
		unreachable.setServerNames(new String[] { "127.0.0.1" });
		unreachable.setPortNumbers(new int[] { 1 });
		unreachable.setConnectTimeout(2);
		this.runner.withBean(DataSource.class, () -> unreachable)
			.withPropertyValues("idgen.jdbc.initialize-schema=never", "idgen.sequences.receipt.format=R{seq:8}",
					"idgen.sequences.receipt.obfuscate=true",
					"idgen.obfuscation.key=ZyMCS2vdnq1nOOjUN3a0tq72ZHPANI0kXlCeDEEbK+Y=")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void failsNamingTablePropertyWhenTheTableOfTheRedisFloorHasAnotherShape() {
		DataSource dataSource = TestBackends.h2();
		new JdbcTemplate(dataSource).execute("CREATE TABLE idgen_segment (sequence_name VARCHAR(128) NOT NULL "
				+ "PRIMARY KEY, max_id INT NOT NULL, step INT NOT NULL, updated_at TIMESTAMP NOT NULL)");
		LettuceConnectionFactory redis = TestBackends.redis();
		this.runner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("idgen.backend=redis", "idgen.redis.floor-source=jdbc",
					"spring.data.redis.host=" + redis.getHostName(), "spring.data.redis.port=" + redis.getPort())
			.run((context) -> assertThat(invalidProperty(context, "idgen.jdbc.table").getDescription())
				.contains("column max_id is ", "column step is "));
	}

	@ParameterizedTest
	@ValueSource(strings = { "jdbc:hsqldb:mem:", "jdbc:derby:memory:" })
	void servesIdsFromAnEmbeddedDatabaseWithTheTableCreatedAtStartup(String url) {
		this.runner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + embeddedUrl(url))
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextIds("order", 3)).containsExactly(1, 2, 3);
				assertThat(new JdbcTemplate(context.getBean(DataSource.class))
					.queryForObject("SELECT max_id FROM idgen_segment WHERE sequence_name = 'order'", Long.class))
					.isEqualTo(1000);
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "jdbc:hsqldb:mem:", "jdbc:derby:memory:" })
	void failsNamingWorkerIdSourceWhenWorkerIdsWouldBeLeasedFromAnUnsupportedDatabase(String url) {
		ApplicationContextRunner snowflake = this.runner
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + embeddedUrl(url), "idgen.backend=snowflake");
		snowflake.withPropertyValues("idgen.snowflake.worker-id-source=jdbc").run((context) -> {
			IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.snowflake.worker-id-source");
			assertThat(failure.getValue()).isEqualTo("jdbc");
			assertThat(failure.getDescription()).contains(JdbcWorkerLeaseStore.SUPPORTED_DATABASES);
			assertThat(failure.getAction()).contains("idgen.snowflake.worker-id-source=redis",
					"idgen.snowflake.worker-id.");
		});
		snowflake.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.worker-id-source").getValue())
			.isEqualTo("auto"));
	}

	@Test
	void failsNamingWorkerIdSourceWhenTheWorkerTableHasAnotherShape() {
		DataSource dataSource = TestBackends.h2();
		new JdbcTemplate(dataSource).execute("CREATE TABLE " + JdbcWorkerLeaseStore.DEFAULT_TABLE_NAME
				+ " (worker_id INT NOT NULL PRIMARY KEY, owner VARCHAR(128) NOT NULL, expires_at TIMESTAMP NOT NULL, "
				+ "last_timestamp INT NOT NULL)");
		this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id-source=jdbc")
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context,
						"idgen.snowflake.worker-id-source");
				assertThat(failure.getDescription()).contains("'idgen_worker'", "column last_timestamp is ");
				assertThat(failure.getAction()).contains("CREATE TABLE", "last_timestamp BIGINT NOT NULL");
			});
	}

	@Test
	void startsWhenTheWorkerTableHasTheShapeOfTheSchemaScript() {
		DataSource dataSource = TestBackends.h2();
		new JdbcWorkerSchema(dataSource, JdbcWorkerLeaseStore.DEFAULT_TABLE_NAME).createIfMissing();
		this.runner.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id-source=jdbc",
					"idgen.jdbc.initialize-schema=never")
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextId("order")).isPositive());
	}

	private static String uniqueTable() {
		return "idgen_shape_" + UUID.randomUUID().toString().substring(0, 8);
	}

	private static String embeddedUrl(String prefix) {
		return prefix + "idgen-" + UUID.randomUUID() + (prefix.startsWith("jdbc:derby") ? ";create=true" : "");
	}

	/**
	 * A bean of the application that reads idgen's table when it is created, as a
	 * repository would.
	 */
	@DependsOnDatabaseInitialization
	static class SegmentTableReader {

		final int rows;

		SegmentTableReader(DataSource dataSource, JdbcProperties jdbc) {
			this.rows = new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM " + jdbc.getTable(),
					Integer.class);
		}

	}

}
