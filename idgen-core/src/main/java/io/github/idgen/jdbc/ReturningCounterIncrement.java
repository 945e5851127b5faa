package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;

/**
 * A {@link CounterIncrement} in one statement that updates the counter and returns its
 * new value as a result set: PostgreSQL's {@code UPDATE ... RETURNING max_id} or H2's
 * {@code SELECT max_id FROM FINAL TABLE (UPDATE ...)}. One round trip; the statement
 * commits on its own in auto-commit mode.
 */
final class ReturningCounterIncrement implements CounterIncrement {

	private final String sql;

	private ReturningCounterIncrement(String sql) {
		this.sql = sql;
	}

	static ReturningCounterIncrement postgresql(SegmentTableSql table) {
		return new ReturningCounterIncrement(table.update("max_id + ?") + " RETURNING max_id");
	}

	static ReturningCounterIncrement h2(SegmentTableSql table) {
		return new ReturningCounterIncrement("SELECT max_id FROM FINAL TABLE (" + table.update("max_id + ?") + ")");
	}

	@Override
	public OptionalLong apply(Connection connection, String sequence, long step) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.sql)) {
			SegmentTableSql.bindUpdate(statement, sequence, step);
			try (ResultSet result = statement.executeQuery()) {
				return result.next() ? OptionalLong.of(result.getLong(1)) : OptionalLong.empty();
			}
		}
	}

}
