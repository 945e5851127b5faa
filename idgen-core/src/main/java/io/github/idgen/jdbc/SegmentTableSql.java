package io.github.idgen.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;

import io.github.idgen.segment.SequenceBounds;

/**
 * The statements on the counter table of a {@link JdbcSegmentStore} and a
 * {@link JdbcCounterFloor}. The table name is validated before it is spliced in; every
 * value is bound as a parameter.
 */
final class SegmentTableSql {

	private final String tableName;

	SegmentTableSql(String tableName) {
		this.tableName = SqlIdentifiers.validateTableName(tableName);
	}

	String tableName() {
		return this.tableName;
	}

	/**
	 * Return the guarded counter update, to be bound with {@link #bindUpdate}. It adds
	 * the step to {@code max_id} only if the result stays at most
	 * {@code Long.MAX_VALUE - 1}; the guard is in the {@code WHERE} clause, so the
	 * addition never overflows.
	 * @param newMaxId the expression of the new {@code max_id}, containing
	 * {@code max_id + ?}
	 * @return the statement
	 */
	String update(String newMaxId) {
		return "UPDATE " + this.tableName + " SET max_id = " + newMaxId
				+ ", step = ?, updated_at = CURRENT_TIMESTAMP WHERE sequence_name = ? AND max_id <= ?";
	}

	/**
	 * Bind the parameters of a statement built by {@link #update}.
	 * @param statement the statement
	 * @param sequence the sequence name
	 * @param step the number of IDs to reserve
	 * @throws SQLException if a parameter could not be bound
	 */
	static void bindUpdate(PreparedStatement statement, String sequence, long step) throws SQLException {
		statement.setLong(1, step);
		statement.setLong(2, step);
		statement.setString(3, sequence);
		statement.setLong(4, SequenceBounds.MAX_ID - step);
	}

	/**
	 * Return the conditional raise of a counter: it sets {@code max_id} to a new value
	 * only if it is at most a given value, with the new value, the step, the sequence
	 * name and the given value as its parameters.
	 * @return the statement
	 */
	String raise() {
		return "UPDATE " + this.tableName
				+ " SET max_id = ?, step = ?, updated_at = CURRENT_TIMESTAMP WHERE sequence_name = ? AND max_id <= ?";
	}

	/**
	 * Return the compare-and-set of a counter: it sets {@code max_id} to a new value only
	 * if it still holds the value read before, with the new value, the step, the sequence
	 * name and the value read as its parameters.
	 * @return the statement
	 */
	String compareAndSet() {
		return "UPDATE " + this.tableName
				+ " SET max_id = ?, step = ?, updated_at = CURRENT_TIMESTAMP WHERE sequence_name = ? AND max_id = ?";
	}

	/**
	 * Return the query of the counter of one sequence, with the sequence name as its
	 * parameter.
	 * @return the query
	 */
	String selectMaxId() {
		return "SELECT max_id FROM " + this.tableName + " WHERE sequence_name = ?";
	}

	/**
	 * Return the query of the counters of several sequences: the name and {@code max_id}
	 * of each that has a row, with the sequence names as its parameters.
	 * @param count the number of sequence names
	 * @return the query
	 */
	String selectMaxIds(int count) {
		return "SELECT sequence_name, max_id FROM " + this.tableName + " WHERE sequence_name IN ("
				+ String.join(", ", Collections.nCopies(count, "?")) + ")";
	}

	/**
	 * Return the query of every counter: its name and {@code max_id}.
	 * @return the query
	 */
	String selectAll() {
		return "SELECT sequence_name, max_id FROM " + this.tableName;
	}

	/**
	 * Return the insert of a new counter, with the sequence name and the initial
	 * {@code max_id} as its parameters.
	 * @return the statement
	 */
	String insert() {
		return "INSERT INTO " + this.tableName
				+ " (sequence_name, max_id, step, updated_at) VALUES (?, ?, 0, CURRENT_TIMESTAMP)";
	}

}
