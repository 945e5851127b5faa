package io.github.idgen.autoconfigure.entity;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.relational.core.mapping.NamingStrategy;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The counter check of entities while idgen's store does not answer at startup (here the
 * JDBC store on a database of its own, {@code idgen.jdbc.data-source}, while the
 * application's database answers): the check is skipped with a warning, after asking the
 * store once, not once per entity. Every attempt costs what the store takes to fail (a
 * connection timeout, 30 seconds by default, for a database that drops packets), so
 * asking once per entity would hold up startup for that times the number of entities.
 */
class EntityCounterStoreDownTests {

	private static final List<String> NUMERIC_AGGREGATES = List.of("item", "ticket", "note", "part");

	private final DataSource dataSource = TestBackends.postgres();

	private final JdbcTemplate jdbc = new JdbcTemplate(this.dataSource);

	private final String run = JdbcAggregates.uniqueRun();

	@AfterEach
	void dropTables() {
		for (String aggregate : NUMERIC_AGGREGATES) {
			this.jdbc.execute("DROP TABLE IF EXISTS \"" + this.run + "_" + aggregate + "\"");
		}
	}

	@Test
	void aStoreThatDoesNotAnswerIsAskedOnceNotOncePerEntity() {
		for (String aggregate : NUMERIC_AGGREGATES) {
			this.jdbc.execute("CREATE TABLE \"" + this.run + "_" + aggregate + "\" (\"id\" bigint PRIMARY KEY)");
			this.jdbc.execute("INSERT INTO \"" + this.run + "_" + aggregate + "\" VALUES (5)");
		}
		int withoutCheck = attemptsAtStartup("idgen.entities.check-counters=false");
		int withCheck = attemptsAtStartup("idgen.entities.check-counters=true");
		assertThat(withCheck - withoutCheck)
			.as("connection attempts of the counter check, for %s entities", NUMERIC_AGGREGATES.size())
			.isLessThanOrEqualTo(1);
	}

	private int attemptsAtStartup(String checkCounters) {
		DownDataSource store = new DownDataSource(this.dataSource);
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(JdbcTemplateAutoConfiguration.class,
					DataSourceTransactionManagerAutoConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class))
			.withBean("application", DataSource.class, () -> new DelegatingDataSource(this.dataSource),
					(definition) -> definition.setPrimary(true))
			.withBean("idgenStore", DataSource.class, () -> store)
			.withBean(NamingStrategy.class, () -> new JdbcAggregates.RunNamingStrategy(this.run))
			.withUserConfiguration(JdbcAggregates.Valid.class)
			.withPropertyValues("idgen.jdbc.data-source=idgenStore", "idgen.jdbc.table=" + this.run + "_idgen",
					"idgen.jdbc.initialize-schema=never", "idgen.sequences.invoice.format=INV{seq:6}", checkCounters)
			.run((context) -> assertThat(context).hasNotFailed());
		return store.attempts.get();
	}

	/**
	 * A DataSource whose database is down: every connection is refused, and counted.
	 */
	static final class DownDataSource extends DelegatingDataSource {

		final AtomicInteger attempts = new AtomicInteger();

		DownDataSource(DataSource target) {
			super(target);
		}

		@Override
		public Connection getConnection() throws SQLException {
			this.attempts.incrementAndGet();
			throw new SQLException("Connection refused (the store is down in this test)", "08001");
		}

		@Override
		public Connection getConnection(String username, String password) throws SQLException {
			return getConnection();
		}

	}

}
