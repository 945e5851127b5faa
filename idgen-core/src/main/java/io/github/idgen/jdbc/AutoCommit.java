package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Sets the auto-commit mode of a connection for the scope of a try-with-resources block
 * and restores the original mode when the block ends, so that pooled connections go back
 * to the pool as they came.
 */
final class AutoCommit implements AutoCloseable {

	private final Connection connection;

	private final boolean original;

	private final boolean changed;

	private AutoCommit(Connection connection, boolean original, boolean changed) {
		this.connection = connection;
		this.original = original;
		this.changed = changed;
	}

	/**
	 * Set the auto-commit mode of the given connection, touching the connection only if
	 * the mode differs.
	 * @param connection the connection
	 * @param autoCommit the mode to set
	 * @return the scope that restores the original mode when closed
	 * @throws SQLException if the mode could not be read or set
	 */
	static AutoCommit set(Connection connection, boolean autoCommit) throws SQLException {
		boolean original = connection.getAutoCommit();
		if (original != autoCommit) {
			connection.setAutoCommit(autoCommit);
		}
		return new AutoCommit(connection, original, original != autoCommit);
	}

	@Override
	public void close() throws SQLException {
		if (this.changed) {
			this.connection.setAutoCommit(this.original);
		}
	}

}
