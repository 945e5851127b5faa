package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;

/**
 * A {@link CounterIncrement} for any database: the guarded {@code UPDATE}, then a
 * {@code SELECT} of the new value, in one transaction on one connection. The update locks
 * the row until the commit, so no other transaction can change the counter between the
 * two statements and the select reads the value this update wrote, at any isolation
 * level. Three round trips (update, select, commit).
 */
final class TransactionalCounterIncrement implements CounterIncrement {

	private final String update;

	private final String select;

	TransactionalCounterIncrement(SegmentTableSql table) {
		this.update = table.update("max_id + ?");
		this.select = table.selectMaxId();
	}

	@Override
	public OptionalLong apply(Connection connection, String sequence, long step) throws SQLException {
		try (AutoCommit transaction = AutoCommit.set(connection, false)) {
			try {
				OptionalLong maxId = incrementAndRead(connection, sequence, step);
				connection.commit();
				return maxId;
			}
			catch (SQLException ex) {
				rollback(connection, ex);
				throw ex;
			}
		}
	}

	private OptionalLong incrementAndRead(Connection connection, String sequence, long step) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.update)) {
			SegmentTableSql.bindUpdate(statement, sequence, step);
			if (statement.executeUpdate() == 0) {
				return OptionalLong.empty();
			}
		}
		try (PreparedStatement statement = connection.prepareStatement(this.select)) {
			statement.setString(1, sequence);
			try (ResultSet result = statement.executeQuery()) {
				if (!result.next()) {
					throw new SQLException("The updated counter row could not be read back");
				}
				return OptionalLong.of(result.getLong(1));
			}
		}
	}

	private static void rollback(Connection connection, SQLException failure) {
		try {
			connection.rollback();
		}
		catch (SQLException ex) {
			failure.addSuppressed(ex);
		}
	}

}
