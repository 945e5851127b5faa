package io.github.idgen.jdbc;

import io.github.idgen.BackendMisconfiguredException;

/**
 * The statements on the worker table of a {@link JdbcWorkerLeaseStore}, for one dialect.
 * The table name is validated before it is spliced in; every value is bound as a
 * parameter.
 * <p>
 * Every time is the database's: {@code now} is its current timestamp with at least
 * millisecond precision, and an expiry is {@code now} plus a number of milliseconds added
 * in SQL. PostgreSQL and H2 compare {@code TIMESTAMP WITH TIME ZONE} values, and MariaDB
 * and MySQL {@code DATETIME(3)} values in UTC, so that the session time zones of the
 * competing instances do not matter.
 */
final class WorkerTableSql {

	private final String tableName;

	private final String now;

	private final String expiry;

	/**
	 * Create the statements for one table and dialect.
	 * @param tableName the name of the table
	 * @param dialect the dialect, one that {@linkplain JdbcDialect#supportsWorkerLeases()
	 * supports worker leases}
	 * @throws IllegalArgumentException if the dialect does not support worker leases
	 */
	WorkerTableSql(String tableName, JdbcDialect dialect) {
		this.tableName = SqlIdentifiers.validateTableName(tableName);
		this.now = now(dialect);
		this.expiry = expiry(dialect);
	}

	private static String now(JdbcDialect dialect) {
		return switch (dialect) {
			case POSTGRESQL, H2 -> "CURRENT_TIMESTAMP";
			case MYSQL -> "UTC_TIMESTAMP(3)";
			case GENERIC -> throw unsupported();
		};
	}

	private static String expiry(JdbcDialect dialect) {
		return switch (dialect) {
			case POSTGRESQL -> "CURRENT_TIMESTAMP + CAST(? AS DOUBLE PRECISION) * INTERVAL '1 millisecond'";
			case MYSQL -> "UTC_TIMESTAMP(3) + INTERVAL ? * 1000 MICROSECOND";
			case H2 -> "DATEADD(MILLISECOND, CAST(? AS BIGINT), CURRENT_TIMESTAMP)";
			case GENERIC -> throw unsupported();
		};
	}

	private static IllegalArgumentException unsupported() {
		return new IllegalArgumentException("Worker leases need the clock arithmetic of the database, which idgen "
				+ "knows for " + JdbcWorkerLeaseStore.SUPPORTED_DATABASES + " only");
	}

	/**
	 * Check that worker leases can be kept in a database of the given dialect.
	 * @param dialect the dialect of the database
	 * @param tableName the name of the worker table
	 * @throws BackendMisconfiguredException if they cannot
	 */
	static void requireSupported(JdbcDialect dialect, String tableName) {
		if (!dialect.supportsWorkerLeases()) {
			throw new BackendMisconfiguredException("Cannot keep worker leases in table '" + tableName
					+ "': they need the clock arithmetic of the database, which idgen knows for "
					+ JdbcWorkerLeaseStore.SUPPORTED_DATABASES + " only. Lease worker IDs from one of these, from "
					+ "Redis or MongoDB, or give each instance a worker ID of its own.");
		}
	}

	String tableName() {
		return this.tableName;
	}

	/**
	 * Return the query of the rows of the worker IDs up to a given one, with that id as
	 * its parameter: the worker ID and whether its lease has expired (1) or not (0), by
	 * ascending worker ID.
	 * @return the query
	 */
	String selectLeases() {
		return "SELECT worker_id, CASE WHEN expires_at < " + this.now + " THEN 1 ELSE 0 END FROM " + this.tableName
				+ " WHERE worker_id <= ? ORDER BY worker_id";
	}

	/**
	 * Return the insert of a new lease, with the worker ID, the owner and the ttl in
	 * milliseconds as its parameters. It fails with a duplicate key if the row exists.
	 * @return the statement
	 */
	String insert() {
		return "INSERT INTO " + this.tableName + " (worker_id, owner, expires_at, last_timestamp) VALUES (?, ?, "
				+ this.expiry + ", 0)";
	}

	/**
	 * Return the takeover of an expired lease, with the new owner, the ttl in
	 * milliseconds and the worker ID as its parameters. It changes no row unless the
	 * lease has expired.
	 * @return the statement
	 */
	String takeOver() {
		return "UPDATE " + this.tableName + " SET owner = ?, expires_at = " + this.expiry + " WHERE worker_id = ? AND "
				+ "expires_at < " + this.now;
	}

	/**
	 * Return the query of the last timestamp of a lease, with the worker ID and the owner
	 * as its parameters.
	 * @return the query
	 */
	String selectLastTimestamp() {
		return "SELECT last_timestamp FROM " + this.tableName + " WHERE worker_id = ? AND owner = ?";
	}

	/**
	 * Return the renewal of a live lease, with the ttl in milliseconds, the owner's
	 * horizon, the worker ID and the owner as its parameters. It raises the last
	 * timestamp to the horizon, never lowers it, and changes no row unless the owner
	 * holds the lease and it has not expired.
	 * @return the statement
	 */
	String renew() {
		return "UPDATE " + this.tableName + " SET expires_at = " + this.expiry
				+ ", last_timestamp = GREATEST(last_timestamp, ?) WHERE worker_id = ? AND owner = ? AND expires_at >= "
				+ this.now;
	}

	/**
	 * Return the release of a lease, with a negative ttl in milliseconds, the last issued
	 * timestamp, the worker ID and the owner as its parameters. It sets the last
	 * timestamp exactly, even lower than the stored horizon, and changes no row unless
	 * the owner holds the lease.
	 * @return the statement
	 */
	String release() {
		return "UPDATE " + this.tableName + " SET expires_at = " + this.expiry
				+ ", last_timestamp = ? WHERE worker_id = ? AND owner = ?";
	}

	/**
	 * Return the count of the live leases.
	 * @return the query
	 */
	String countLive() {
		return "SELECT COUNT(*) FROM " + this.tableName + " WHERE expires_at >= " + this.now;
	}

}
