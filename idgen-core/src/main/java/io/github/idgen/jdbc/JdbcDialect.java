package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The SQL dialects a {@link JdbcSegmentStore} knows. Each has its own way of reserving a
 * segment atomically and its own schema script. All but {@link #GENERIC} also have a
 * {@link JdbcWorkerLeaseStore}, whose lease expiry needs the database's own clock
 * arithmetic.
 */
public enum JdbcDialect {

	/**
	 * PostgreSQL: {@code UPDATE ... RETURNING}, one round trip.
	 */
	POSTGRESQL("postgresql"),

	/**
	 * MariaDB and MySQL: {@code UPDATE ... SET max_id = LAST_INSERT_ID(max_id + ?)} with
	 * the new value read as the generated key of the update, one round trip.
	 */
	MYSQL("mysql"),

	/**
	 * H2: {@code SELECT max_id FROM FINAL TABLE (UPDATE ...)}, one round trip.
	 */
	H2("h2"),

	/**
	 * Any other database: {@code UPDATE} then {@code SELECT} in one transaction.
	 */
	GENERIC("generic");

	private final String id;

	JdbcDialect(String id) {
		this.id = id;
	}

	/**
	 * Return the dialect of the database with the given product name, as reported by
	 * {@link java.sql.DatabaseMetaData#getDatabaseProductName()}.
	 * @param productName the product name, may be {@code null}
	 * @return the matching dialect, {@link #GENERIC} if none matches
	 */
	public static JdbcDialect fromProductName(String productName) {
		String name = (productName != null) ? productName.toLowerCase(Locale.ROOT) : "";
		if (name.contains("postgresql")) {
			return POSTGRESQL;
		}
		if (name.contains("mariadb") || name.contains("mysql")) {
			return MYSQL;
		}
		if (name.equals("h2")) {
			return H2;
		}
		return GENERIC;
	}

	/**
	 * Return whether a {@link JdbcWorkerLeaseStore} can keep its leases in a database of
	 * this dialect, whose clock arithmetic it needs to know.
	 * @return {@code false} for {@link #GENERIC}, {@code true} for the others
	 */
	public boolean supportsWorkerLeases() {
		return this != GENERIC;
	}

	static JdbcDialect of(Connection connection) throws SQLException {
		return fromProductName(connection.getMetaData().getDatabaseProductName());
	}

	String schemaScript() {
		return "schema-" + this.id + ".sql";
	}

	String workerSchemaScript() {
		return "worker-schema-" + this.id + ".sql";
	}

	CounterIncrement counterIncrement(SegmentTableSql table) {
		return switch (this) {
			case POSTGRESQL -> ReturningCounterIncrement.postgresql(table);
			case MYSQL -> new LastInsertIdCounterIncrement(table);
			case H2 -> ReturningCounterIncrement.h2(table);
			case GENERIC -> new TransactionalCounterIncrement(table);
		};
	}

}
