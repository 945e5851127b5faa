package io.github.idgen.autoconfigure.jdbc;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A striped store whose every DataSource is a HikariDataSource whose only connection the
 * application holds while it draws IDs: each stripe's fetch takes a connection of idgen's
 * own pool for that DataSource, and gets it; sharing the application's pools
 * ({@code idgen.jdbc.pool-size=0}) the fetches starve. On PostgreSQL and MariaDB, with a
 * segment of one ID, so that every ID is a fetch.
 */
class StripedPoolStarvationTests {

	private final String table = UniqueNames.uniqueName("stripestarve").replace('-', '_');

	@AfterEach
	void dropTables() {
		for (DataSource dataSource : List.of(TestBackends.postgres(), TestBackends.mariaDb())) {
			new JdbcTemplate(dataSource).execute("DROP TABLE IF EXISTS " + this.table);
		}
	}

	private static HikariDataSource singleConnectionPool(DataSource backend) {
		HikariDataSource test = (HikariDataSource) backend;
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(test.getJdbcUrl());
		pool.setUsername(test.getUsername());
		pool.setPassword(test.getPassword());
		pool.setMaximumPoolSize(1);
		pool.setConnectionTimeout(500);
		return pool;
	}

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean("idsPostgres", DataSource.class, () -> singleConnectionPool(TestBackends.postgres()))
			.withBean("idsMariaDb", DataSource.class, () -> singleConnectionPool(TestBackends.mariaDb()))
			.withPropertyValues("idgen.backend=jdbc", "idgen.jdbc.table=" + this.table,
					"idgen.jdbc.initialize-schema=always", "idgen.jdbc.data-sources=idsPostgres,idsMariaDb",
					"idgen.sequences.starve.step=1", "idgen.sequences.starve.min-step=1",
					"idgen.sequences.starve.max-step=1", "idgen.sequences.starve.fetch-timeout=2s");
	}

	@Test
	void eachStripeFetchesOverIdgensOwnPoolWhileTheApplicationHoldsEveryConnection() {
		runner().run((context) -> {
			assertThat(context).hasNotFailed();
			IdGenerator ids = context.getBean(IdGenerator.class);
			List<Long> drawn = new ArrayList<>();
			try (Connection postgres = context.getBean("idsPostgres", DataSource.class).getConnection();
					Connection mariaDb = context.getBean("idsMariaDb", DataSource.class).getConnection()) {
				for (int i = 0; i < 20; i++) {
					drawn.add(ids.nextId("starve"));
				}
			}
			assertThat(drawn).doesNotHaveDuplicates().hasSize(20);
			assertThat(drawn).as("served by both stripes").anyMatch((id) -> id % 2 == 0).anyMatch((id) -> id % 2 == 1);
		});
	}

	@Test
	void sharingTheApplicationsPoolsTheStripesStarve() {
		runner().withPropertyValues("idgen.jdbc.pool-size=0").run((context) -> {
			assertThat(context).hasNotFailed();
			IdGenerator ids = context.getBean(IdGenerator.class);
			try (Connection postgres = context.getBean("idsPostgres", DataSource.class).getConnection();
					Connection mariaDb = context.getBean("idsMariaDb", DataSource.class).getConnection()) {
				assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> {
					for (int i = 0; i < 20; i++) {
						ids.nextId("starve");
					}
				});
			}
		});
	}

}
