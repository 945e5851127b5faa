package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceNames;

/**
 * A {@link CounterIncrement} in one statement for MariaDB and MySQL:
 * {@code UPDATE ... SET max_id = LAST_INSERT_ID(max_id + ?)}. The server reports the
 * argument of {@code LAST_INSERT_ID(expr)} as the insert ID in the reply to the update
 * itself, and the driver hands it out as the generated key, so the new value arrives in
 * the same round trip, from the same statement, whatever other connections do. The
 * statement commits on its own in auto-commit mode.
 * <p>
 * If a driver or proxy does not pass the value on, the allocation fails rather than
 * guess: the IDs reserved by the update are then skipped, never handed out twice.
 */
final class LastInsertIdCounterIncrement implements CounterIncrement {

	private final String sql;

	private final String tableName;

	LastInsertIdCounterIncrement(SegmentTableSql table) {
		this.sql = table.update("LAST_INSERT_ID(max_id + ?)");
		this.tableName = table.tableName();
	}

	@Override
	public OptionalLong apply(Connection connection, String sequence, long step) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.sql, Statement.RETURN_GENERATED_KEYS)) {
			SegmentTableSql.bindUpdate(statement, sequence, step);
			if (statement.executeUpdate() == 0) {
				return OptionalLong.empty();
			}
			try (ResultSet keys = statement.getGeneratedKeys()) {
				long maxId = keys.next() ? keys.getLong(1) : 0;
				if (maxId < step) {
					throw new BackendUnavailableException("Could not reserve " + step + " IDs of sequence "
							+ SequenceNames.quote(sequence) + " in table '" + this.tableName + "': the driver did "
							+ "not return the value of LAST_INSERT_ID(max_id + " + step + ") as a generated key (got "
							+ maxId + "); the reserved IDs are skipped");
				}
				return OptionalLong.of(maxId);
			}
		}
	}

}
