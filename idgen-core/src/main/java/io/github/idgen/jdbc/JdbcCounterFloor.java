package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Objects;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceNames;
import io.github.idgen.redis.CounterFloor;

/**
 * A {@link CounterFloor} in the counter table of a {@link JdbcSegmentStore}
 * ({@value JdbcSegmentStore#DEFAULT_TABLE_NAME} by default, created by
 * {@link JdbcSegmentSchema}): the floor of a sequence is the {@code max_id} of its row,
 * which means there what it means for the JDBC store, the last ID reserved.
 * <p>
 * A raise is one guarded update, which the database's row lock makes atomic:
 *
 * <pre class="code">
 * UPDATE idgen_segment SET max_id = :to, step = :to - :from, updated_at = CURRENT_TIMESTAMP
 *     WHERE sequence_name = :sequence AND max_id &lt;= :from</pre>
 *
 * If it changes no row and the row does not exist, the row is inserted with
 * {@code max_id = :to}; of several callers inserting it at once, the primary key lets one
 * succeed, and the others run the update again. The statements run in auto-commit mode at
 * {@code READ COMMITTED} (see {@link ReadCommitted}) on a connection of the floor's own,
 * never in a caller's transaction: a rollback after the IDs were handed out would lower
 * the floor under them. Pass the target {@code DataSource}, not a transaction-aware proxy
 * of it.
 * <p>
 * Because the floor is the row a {@link JdbcSegmentStore} would use for the same
 * sequence, a sequence moved from the JDBC store to Redis with this floor continues above
 * the IDs the JDBC store handed out, and back again. An {@link SQLException} becomes a
 * {@link BackendMisconfiguredException} or a {@link BackendUnavailableException} naming
 * the sequence and the table, as for the {@link JdbcSegmentStore}.
 */
public class JdbcCounterFloor implements CounterFloor {

	private final DataSource dataSource;

	private final SegmentTableSql table;

	private final CounterRows rows;

	/**
	 * Create a floor in the given table.
	 * @param dataSource the data source to take connections from
	 * @param tableName the name of the counter table, valid as {@link SqlIdentifiers}
	 * defines it
	 */
	public JdbcCounterFloor(DataSource dataSource, String tableName) {
		this.dataSource = Objects.requireNonNull(dataSource, "DataSource must not be null");
		this.table = new SegmentTableSql(tableName);
		this.rows = new CounterRows(this.table);
	}

	@Override
	public long read(String sequence) {
		SequenceNames.validateCounter(sequence);
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			return this.rows.findMaxId(connection, sequence).orElse(0);
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE.translate("Could not read the floor of sequence "
					+ SequenceNames.quote(sequence) + " in table '" + this.table.tableName() + "'", ex);
		}
	}

	@Override
	public boolean raise(String sequence, long from, long to) {
		SequenceNames.validateCounter(sequence);
		if (from < 0 || to <= from) {
			throw new IllegalArgumentException("Cannot raise a floor from " + from + " to " + to);
		}
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			if (update(connection, sequence, from, to)) {
				return true;
			}
			if (this.rows.findMaxId(connection, sequence).isPresent()) {
				return false;
			}
			return this.rows.insertIfAbsent(connection, sequence, to) || update(connection, sequence, from, to);
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE.translate("Could not raise the floor of sequence "
					+ SequenceNames.quote(sequence) + " to " + to + " in table '" + this.table.tableName() + "'", ex);
		}
	}

	private boolean update(Connection connection, String sequence, long from, long to) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.table.raise())) {
			statement.setLong(1, to);
			statement.setLong(2, to - from);
			statement.setString(3, sequence);
			statement.setLong(4, from);
			return statement.executeUpdate() > 0;
		}
	}

}
