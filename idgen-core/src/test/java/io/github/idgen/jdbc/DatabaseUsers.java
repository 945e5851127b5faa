package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Assumptions;

/**
 * Pools that log in to a test database as a user that may only read a table: PostgreSQL,
 * MariaDB, H2 and HSQLDB. Derby runs without authentication, so it has none.
 */
final class DatabaseUsers {

	/**
	 * The user that may only read the tables it was given.
	 */
	static final String READ_ONLY_USER = "idgen_read_only";

	private static final String PASSWORD = "idgen-Read-0nly";

	private DatabaseUsers() {
	}

	/**
	 * Create, unless it exists, the user {@value #READ_ONLY_USER}, grant it
	 * {@code SELECT} on the given table and nothing else, and return a pool that logs in
	 * as it. Skip the calling test on Derby. H2's {@code DB_CLOSE_DELAY}, which only an
	 * administrator may set, is left out of its URL.
	 * @param admin the pool of the test database, which may create users
	 * @param table the table the user may read
	 * @return a pool, to be closed by the caller
	 * @throws SQLException if the user could not be created
	 */
	static HikariDataSource readOnly(DataSource admin, String table) throws SQLException {
		JdbcDialect dialect = dialectOf(admin);
		List<String> statements = switch (dialect) {
			case POSTGRESQL -> List.of(
					"DO $$ BEGIN CREATE ROLE " + READ_ONLY_USER + " LOGIN PASSWORD '" + PASSWORD
							+ "'; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$",
					"GRANT SELECT ON " + table + " TO " + READ_ONLY_USER);
			case MYSQL ->
				List.of("CREATE USER IF NOT EXISTS '" + READ_ONLY_USER + "'@'%' IDENTIFIED BY '" + PASSWORD + "'",
						"GRANT SELECT ON " + table + " TO '" + READ_ONLY_USER + "'@'%'");
			case H2 -> List.of("CREATE USER IF NOT EXISTS " + READ_ONLY_USER + " PASSWORD '" + PASSWORD + "'",
					"GRANT SELECT ON " + table + " TO " + READ_ONLY_USER);
			case GENERIC -> List.of("CREATE USER \"" + READ_ONLY_USER + "\" PASSWORD '" + PASSWORD + "'",
					"GRANT SELECT ON " + table + " TO \"" + READ_ONLY_USER + "\"");
		};
		try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				try {
					statement.execute(sql);
				}
				catch (SQLException ex) {
					if (!sql.startsWith("CREATE USER")) {
						throw ex;
					}
				}
			}
		}
		HikariConfig config = new HikariConfig();
		((HikariDataSource) admin).copyStateTo(config);
		config.setPoolName("idgen-test-" + READ_ONLY_USER);
		config.setJdbcUrl(urlWithoutCredentials(admin).replace(";DB_CLOSE_DELAY=-1", ""));
		config.setUsername(READ_ONLY_USER);
		config.setPassword(PASSWORD);
		config.setMinimumIdle(0);
		return new HikariDataSource(config);
	}

	private static JdbcDialect dialectOf(DataSource admin) throws SQLException {
		try (Connection connection = admin.getConnection()) {
			String product = connection.getMetaData().getDatabaseProductName();
			Assumptions.assumeFalse(product.contains("Derby"), "Derby runs without authentication");
			return JdbcDialect.fromProductName(product);
		}
	}

	/**
	 * Return the URL of a test database without the user and password in its query, where
	 * they would win over those given to the driver otherwise.
	 * @param dataSource the pool of the test database
	 * @return the URL
	 */
	static String urlWithoutCredentials(DataSource dataSource) {
		return ((HikariDataSource) dataSource).getJdbcUrl()
			.replaceAll("(?<=[?&])(user|password)=[^&]*(&|$)", "")
			.replaceAll("[?&]$", "");
	}

}
