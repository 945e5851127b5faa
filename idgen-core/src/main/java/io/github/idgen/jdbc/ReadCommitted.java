package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Sets the transaction isolation of a connection to {@code READ COMMITTED} for the scope
 * of a try-with-resources block and restores the original level when the block ends, so
 * that pooled connections go back to the pool as they came.
 * <p>
 * The JDBC stores rely on it whatever the pool's default: at {@code READ COMMITTED} an
 * update of a row that a concurrent transaction has just changed waits for that
 * transaction and then applies to the row as it committed it, so concurrent allocations
 * of one sequence queue up behind the row lock. At {@code REPEATABLE READ} or
 * {@code SERIALIZABLE}, PostgreSQL and H2 fail such an update with a serialization
 * failure ({@code 40001}) instead, even as a single statement in auto-commit mode, and
 * concurrent instances would fail each other's allocations.
 * <p>
 * Reading the level costs a round trip on some drivers (PostgreSQL); changing it, only
 * where it differs, one more, and restoring it another.
 */
final class ReadCommitted implements AutoCloseable {

	private final Connection connection;

	private final int original;

	private ReadCommitted(Connection connection, int original) {
		this.connection = connection;
		this.original = original;
	}

	/**
	 * Set the isolation of the given connection to {@code READ COMMITTED}, touching the
	 * connection only if it runs at another level.
	 * @param connection the connection, with no transaction in progress
	 * @return the scope that restores the original level when closed
	 * @throws SQLException if the level could not be read or set
	 */
	static ReadCommitted set(Connection connection) throws SQLException {
		int original = connection.getTransactionIsolation();
		if (original != Connection.TRANSACTION_READ_COMMITTED) {
			connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
		}
		return new ReadCommitted(connection, original);
	}

	@Override
	public void close() throws SQLException {
		if (this.original != Connection.TRANSACTION_READ_COMMITTED) {
			this.connection.setTransactionIsolation(this.original);
		}
	}

}
