package io.github.idgen.server;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.test.TestBackends;

/**
 * The PostgreSQL of the tests, as {@link TestBackends} resolves it (skipping the calling
 * test if there is none, failing it if {@code IDGEN_TEST_REQUIRE_BACKENDS=true}), with a
 * counter table of the calling test's own, dropped when it is done.
 */
final class PostgresServer {

	private final HikariDataSource dataSource;

	private final String table;

	private PostgresServer(HikariDataSource dataSource) {
		this.dataSource = dataSource;
		this.table = "idgen_server_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
	}

	/**
	 * Return the database with a new table name, or skip the calling test.
	 * @return the database
	 */
	static PostgresServer require() {
		return new PostgresServer((HikariDataSource) TestBackends.postgres());
	}

	String table() {
		return this.table;
	}

	/**
	 * Return the properties that put a server on this database and table.
	 * @return the properties
	 */
	Map<String, String> properties() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", this.dataSource.getJdbcUrl());
		if (this.dataSource.getUsername() != null) {
			properties.put("spring.datasource.username", this.dataSource.getUsername());
		}
		properties.put("spring.datasource.password",
				(this.dataSource.getPassword() != null) ? this.dataSource.getPassword() : "");
		properties.put("idgen.jdbc.table", this.table);
		return properties;
	}

	/**
	 * Drop the table of the tests.
	 */
	void dropTable() {
		new JdbcTemplate(this.dataSource).execute("DROP TABLE IF EXISTS " + this.table.toLowerCase(Locale.ROOT));
	}

}
