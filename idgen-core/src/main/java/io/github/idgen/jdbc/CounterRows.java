package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Reads and creates the counter row of one sequence in the counter table, on a connection
 * in auto-commit mode, for the {@link JdbcSegmentStore} and the {@link JdbcCounterFloor}.
 */
final class CounterRows {

	private final SegmentTableSql table;

	CounterRows(SegmentTableSql table) {
		this.table = table;
	}

	/**
	 * Return the {@code max_id} of a sequence.
	 * @param connection the connection to use
	 * @param sequence the sequence name
	 * @return the value, or empty if the sequence has no row
	 * @throws SQLException if the database failed
	 */
	OptionalLong findMaxId(Connection connection, String sequence) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.table.selectMaxId())) {
			statement.setString(1, sequence);
			try (ResultSet result = statement.executeQuery()) {
				return result.next() ? OptionalLong.of(result.getLong(1)) : OptionalLong.empty();
			}
		}
	}

	/**
	 * Return the {@code max_id} of several sequences, with one query.
	 * @param connection the connection to use
	 * @param sequences the sequence names
	 * @return the value of each, in the order of the names, empty for a sequence that has
	 * no row
	 * @throws SQLException if the database failed
	 */
	List<OptionalLong> findMaxIds(Connection connection, List<String> sequences) throws SQLException {
		Map<String, Long> found = new HashMap<>();
		try (PreparedStatement statement = connection.prepareStatement(this.table.selectMaxIds(sequences.size()))) {
			for (int index = 0; index < sequences.size(); index++) {
				statement.setString(index + 1, sequences.get(index));
			}
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					found.put(result.getString(1), result.getLong(2));
				}
			}
		}
		return sequences.stream()
			.map((sequence) -> found.containsKey(sequence) ? OptionalLong.of(found.get(sequence))
					: OptionalLong.empty())
			.toList();
	}

	/**
	 * Insert the row of a sequence unless it exists. Of several callers inserting the
	 * same row at once, the primary key lets exactly one succeed.
	 * @param connection the connection to use, in auto-commit mode
	 * @param sequence the sequence name
	 * @param maxId the {@code max_id} of the new row
	 * @return whether this call inserted the row; {@code false} if it existed
	 * @throws SQLException if the database failed otherwise
	 */
	boolean insertIfAbsent(Connection connection, String sequence, long maxId) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.table.insert())) {
			statement.setString(1, sequence);
			statement.setLong(2, maxId);
			statement.executeUpdate();
			return true;
		}
		catch (SQLException ex) {
			if (!DuplicateKeys.isDuplicateKey(ex)) {
				throw ex;
			}
			return false;
		}
	}

}
