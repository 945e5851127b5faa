package io.github.idgen.autoconfigure;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the striped JDBC backend when one of its databases is down: an instance
 * (re)started then starts and serves from the others, with the README's own configuration
 * ({@code initialize-schema: always}), and its health names the store that is down.
 */
class StripedJdbcBackendOutageTests {

	private final String table = "idgen_striped_" + UUID.randomUUID().toString().substring(0, 8);

	private final CuttableDataSource mariaDb = new CuttableDataSource(TestBackends.mariaDb());

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(IdGeneratorHealthContributorAutoConfiguration.class))
		.withBean("idsPostgres", DataSource.class, () -> new DelegatingDataSource(TestBackends.postgres()))
		.withBean("idsMariaDb", DataSource.class, () -> this.mariaDb)
		.withPropertyValues("idgen.backend=jdbc", "idgen.jdbc.table=" + this.table,
				"idgen.jdbc.initialize-schema=always", "idgen.jdbc.data-sources=idsPostgres,idsMariaDb");

	@AfterEach
	void dropTables() {
		for (DataSource dataSource : List.of(TestBackends.postgres(), TestBackends.mariaDb())) {
			new JdbcTemplate(dataSource).execute("DROP TABLE IF EXISTS " + this.table);
		}
	}

	@Test
	void anInstanceStartsAndServesWhileOneStripedDatabaseIsDown() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			context.getBean(IdGenerator.class).nextId("order");
		});
		this.mariaDb.cut = true;
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			IdGenerator ids = context.getBean(IdGenerator.class);
			for (int i = 0; i < 10; i++) {
				assertThat(ids.nextId("order") % 2).as("served by the PostgreSQL stripe").isZero();
			}
			Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			@SuppressWarnings("unchecked")
			Map<String, Object> jdbc = (Map<String, Object>) ((Map<String, Object>) health.getDetails().get("backends"))
				.get("jdbc");
			assertThat(jdbc.get("stores").toString()).contains("idsMariaDb={status=DOWN");
		});
	}

	/**
	 * A DataSource whose database can be cut off, as one whose server is down: every
	 * connection is refused.
	 */
	static final class CuttableDataSource extends DelegatingDataSource {

		volatile boolean cut;

		CuttableDataSource(DataSource target) {
			super(target);
		}

		@Override
		public Connection getConnection() throws SQLException {
			if (this.cut) {
				throw new SQLException("Connection refused (cut by the test)", "08001");
			}
			return super.getConnection();
		}

		@Override
		public Connection getConnection(String username, String password) throws SQLException {
			if (this.cut) {
				throw new SQLException("Connection refused (cut by the test)", "08001");
			}
			return super.getConnection(username, password);
		}

	}

}
