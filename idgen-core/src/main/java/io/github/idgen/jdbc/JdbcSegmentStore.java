package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.striped.StripeStore;

/**
 * A {@link SegmentStore} that keeps its counters in a table of a relational database,
 * through plain JDBC.
 * <p>
 * The table ({@value #DEFAULT_TABLE_NAME} by default, see {@link JdbcSegmentSchema}) has
 * one row per sequence: {@code sequence_name} (the primary key), {@code max_id} (the last
 * ID reserved), {@code step} (the size of the last reservation) and {@code updated_at}.
 * To reserve {@code step} IDs the store runs one guarded update:
 *
 * <pre class="code">
 * UPDATE idgen_segment SET max_id = max_id + :step, step = :step, updated_at = CURRENT_TIMESTAMP
 *     WHERE sequence_name = :sequence AND max_id &lt;= :limit</pre>
 *
 * where {@code limit} is {@code Long.MAX_VALUE - 1 - step}, so that the counter never
 * passes {@code Long.MAX_VALUE - 1} and the addition never overflows. The database's row
 * lock serializes concurrent updates of one sequence, and the new {@code max_id} is read
 * in the same atomic operation, so the block {@code (old max_id, new max_id]} goes to
 * exactly one caller. How the new value is read depends on the {@link JdbcDialect}:
 * <ul>
 * <li>PostgreSQL: {@code UPDATE ... RETURNING max_id}, one round trip.</li>
 * <li>MariaDB and MySQL: {@code SET max_id = LAST_INSERT_ID(max_id + :step)}; the server
 * reports the argument of {@code LAST_INSERT_ID} as the insert ID of the update itself,
 * which the driver returns from {@code getGeneratedKeys()}, one round trip. This was
 * verified with MariaDB Connector/J 3.5 against MariaDB, with values up to
 * {@code Long.MAX_VALUE - 1} and with several connections interleaving. A driver that
 * does not return the value makes the allocation fail, never guess.</li>
 * <li>H2: {@code SELECT max_id FROM FINAL TABLE (UPDATE ...)}, one round trip.</li>
 * <li>Any other database: the update, then {@code SELECT max_id}, then a commit, in one
 * transaction; the row lock taken by the update keeps the value until the commit.</li>
 * </ul>
 * A bounded sequence (a max-value, or cycling; see {@link SequenceBounds}) takes another
 * path: the store reads the counter, computes the segment (cut at the max-value, or the
 * first of the next cycle) and writes the new counter with a compare-and-set update
 * ({@code ... WHERE max_id = <the value read>}), retrying when another caller got there
 * first. Two round trips instead of one, and retries under contention, which only bounded
 * sequences pay.
 * <p>
 * If the update changes no row, the store reads the row. If its {@code max_id} is above
 * {@code limit}, the guard failed: counters only grow, so a
 * {@link SequenceExhaustedException} is thrown and the counter stays as it was. If the
 * row does not exist, the store inserts it with {@code max_id = start - 1}; when several
 * callers create the same sequence at once, the primary key lets exactly one insert
 * succeed and the others' duplicate-key failures are ignored. Then, or if the row
 * appeared after the update missed it, the update runs again, a bounded number of times.
 * The insert and the reads run in auto-commit mode, so a failed insert never aborts a
 * transaction (as it would on PostgreSQL); the store switches auto-commit on if a pooled
 * connection comes without it and restores the original mode before closing the
 * connection.
 * <p>
 * The store takes a connection of its own from the {@link DataSource} for each allocation
 * and commits before it returns. It must never take part in a caller's transaction: if
 * that transaction rolled back after the reserved IDs were handed out, the counter would
 * go back and the same IDs would be handed out again. Pass the target {@code DataSource},
 * not a transaction-aware proxy of it. The connection runs at {@code READ COMMITTED}
 * whatever the pool's default, restored before the connection is closed: at a stricter
 * level, concurrent updates of one counter fail with serialization failures on PostgreSQL
 * and H2 (see {@link ReadCommitted}).
 * <p>
 * The dialect is detected from {@link java.sql.DatabaseMetaData#getDatabaseProductName()}
 * on the first allocation, unless it is given explicitly. An {@link SQLException} that no
 * retry heals (a missing table or privilege, a table of another shape, refused
 * credentials) becomes a {@link BackendMisconfiguredException}, every other one a
 * {@link BackendUnavailableException}, both naming the sequence and the table but not
 * quoting the driver's message (see {@link SqlFailures}).
 * <p>
 * As a {@link StripeStore}, one stripe of a
 * {@link io.github.idgen.segment.striped.StripedSegmentStore}, the store reads its rows,
 * sets them with the same compare-and-set update and inserts them as above, reads several
 * rows with one query (a stripe's state with its identity), and reads the whole table for
 * the counters a new stripe layout raises.
 */
public class JdbcSegmentStore implements SegmentStore, StripeStore {

	/**
	 * The default name of the counter table.
	 */
	public static final String DEFAULT_TABLE_NAME = "idgen_segment";

	private static final int MAX_ATTEMPTS = 5;

	private static final int MAX_BOUNDED_ATTEMPTS = 100;

	private static final long MAX_BOUNDED_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(8);

	private static final int VALIDATION_TIMEOUT_SECONDS = 2;

	private final DataSource dataSource;

	private final SegmentTableSql table;

	private final CounterRows rows;

	private volatile JdbcDialect dialect;

	private volatile CounterIncrement counterIncrement;

	/**
	 * Create a store whose dialect is detected on first use.
	 * @param dataSource the data source to take connections from
	 * @param tableName the name of the counter table, valid as {@link SqlIdentifiers}
	 * defines it
	 */
	public JdbcSegmentStore(DataSource dataSource, String tableName) {
		this(dataSource, tableName, null);
	}

	/**
	 * Create a store with the given dialect.
	 * @param dataSource the data source to take connections from
	 * @param tableName the name of the counter table, valid as {@link SqlIdentifiers}
	 * defines it
	 * @param dialect the dialect to use, or {@code null} to detect it on first use
	 */
	public JdbcSegmentStore(DataSource dataSource, String tableName, JdbcDialect dialect) {
		this.dataSource = Objects.requireNonNull(dataSource, "DataSource must not be null");
		this.table = new SegmentTableSql(tableName);
		this.rows = new CounterRows(this.table);
		if (dialect != null) {
			this.dialect = dialect;
			this.counterIncrement = dialect.counterIncrement(this.table);
		}
	}

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		SequenceNames.validateCounter(sequence);
		if (step < 1) {
			throw new IllegalArgumentException("Step must be at least 1 but was " + step);
		}
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			return bounds.isBounded() ? allocateBounded(connection, sequence, step, bounds)
					: allocate(connection, sequence, step, bounds.start());
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE.translate("Could not reserve " + step + " IDs of sequence "
					+ SequenceNames.quote(sequence) + " in table '" + this.table.tableName() + "'", ex);
		}
	}

	private Segment allocate(Connection connection, String sequence, long step, long start) throws SQLException {
		CounterIncrement increment = counterIncrement(connection);
		boolean inserted = false;
		for (int attempt = 1;; attempt++) {
			OptionalLong maxId = increment.apply(connection, sequence, step);
			if (maxId.isPresent()) {
				return Segment.endingAt(maxId.getAsLong(), step);
			}
			OptionalLong current = this.rows.findMaxId(connection, sequence);
			if (current.isEmpty() && inserted) {
				throw rowNotFoundByItsName(sequence);
			}
			if (current.isPresent() && current.getAsLong() > SequenceBounds.MAX_ID - step) {
				throw new SequenceExhaustedException(sequence,
						"Sequence " + SequenceNames.quote(sequence) + " is exhausted: its counter in table '"
								+ this.table.tableName() + "' is at " + current.getAsLong() + " and cannot grow by "
								+ step + " without passing the largest ID " + SequenceBounds.MAX_ID);
			}
			if (attempt == MAX_ATTEMPTS) {
				throw new BackendUnavailableException("Could not reserve " + step + " IDs of sequence "
						+ SequenceNames.quote(sequence) + " in table '" + this.table.tableName()
						+ "': the counter row was still missing or changing after " + MAX_ATTEMPTS + " attempts");
			}
			if (current.isEmpty()) {
				this.rows.insertIfAbsent(connection, sequence, start - 1);
				inserted = true;
			}
		}
	}

	private Segment allocateBounded(Connection connection, String sequence, long step, SequenceBounds bounds)
			throws SQLException {
		boolean inserted = false;
		for (int attempt = 1; attempt <= MAX_BOUNDED_ATTEMPTS; attempt++) {
			OptionalLong current = this.rows.findMaxId(connection, sequence);
			if (current.isEmpty()) {
				if (inserted) {
					throw rowNotFoundByItsName(sequence);
				}
				this.rows.insertIfAbsent(connection, sequence, bounds.start() - 1);
				inserted = true;
				continue;
			}
			Segment segment = bounds.next(sequence, current.getAsLong(), step);
			try (PreparedStatement statement = connection.prepareStatement(this.table.compareAndSet())) {
				statement.setLong(1, segment.end() - 1);
				statement.setLong(2, segment.size());
				statement.setString(3, sequence);
				statement.setLong(4, current.getAsLong());
				if (statement.executeUpdate() == 1) {
					return segment;
				}
			}
			backOffAfterLostRace(attempt);
		}
		throw new BackendUnavailableException("Could not reserve " + step + " IDs of sequence "
				+ SequenceNames.quote(sequence) + " in table '" + this.table.tableName() + "': the counter kept "
				+ "changing under " + MAX_BOUNDED_ATTEMPTS + " attempts to reserve a bounded segment");
	}

	/**
	 * Wait a random while before the next compare-and-set of a bounded segment, up to
	 * longer the more races were lost, so that instances racing for one row spread out
	 * instead of one of them losing every race to the others (seen with 12 threads on 2
	 * cores). An interrupt ends the wait early; the attempts stay bounded.
	 */
	private static void backOffAfterLostRace(int attempt) {
		long bound = Math.min(MAX_BOUNDED_BACKOFF_NANOS, TimeUnit.MICROSECONDS.toNanos(50L << Math.min(attempt, 16)));
		LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(bound));
	}

	/**
	 * The failure when the row of a sequence, inserted or found present by its insert,
	 * cannot be found by its name right after: the table keeps another name than it was
	 * given, as a {@code sequence_name} column too narrow for the name does on a database
	 * that cuts what does not fit. No retry heals it.
	 */
	private BackendMisconfiguredException rowNotFoundByItsName(String sequence) {
		return new BackendMisconfiguredException("Could not reserve IDs of sequence " + SequenceNames.quote(sequence)
				+ " in table '" + this.table.tableName() + "': its row was inserted but cannot be found by its name, "
				+ "so the table stores names altered, such as cut by a sequence_name column narrower than "
				+ SequenceNames.MAX_LENGTH + " characters. Give sequence_name the type of idgen's script "
				+ "io/github/idgen/jdbc/schema-<database>.sql");
	}

	private CounterIncrement counterIncrement(Connection connection) throws SQLException {
		CounterIncrement increment = this.counterIncrement;
		if (increment == null) {
			// No lock around the detection, which asks the database: threads that race
			// here each detect the dialect of the one database and set equal values.
			JdbcDialect detected = JdbcDialect.of(connection);
			increment = detected.counterIncrement(this.table);
			this.dialect = detected;
			this.counterIncrement = increment;
		}
		return increment;
	}

	/**
	 * Return the counter of a sequence, as {@link #read(String)} does.
	 */
	@Override
	public OptionalLong counter(String sequence) {
		return read(sequence);
	}

	@Override
	public OptionalLong read(String counter) {
		SequenceNames.validateCounter(counter);
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			return this.rows.findMaxId(connection, counter);
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE.translate("Could not read the counter " + SequenceNames.quote(counter)
					+ " in table '" + this.table.tableName() + "'", ex);
		}
	}

	/**
	 * Return the values of several counters with one query.
	 */
	@Override
	public List<OptionalLong> read(List<String> counters) {
		counters.forEach(SequenceNames::validateCounter);
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			return this.rows.findMaxIds(connection, counters);
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE
				.translate("Could not read the counters " + counters.stream().map(SequenceNames::quote).toList()
						+ " in table '" + this.table.tableName() + "'", ex);
		}
	}

	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		SequenceNames.validateCounter(counter);
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			return compareAndSet(connection, counter, expected, value);
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE.translate("Could not set the counter " + SequenceNames.quote(counter)
					+ " in table '" + this.table.tableName() + "'", ex);
		}
	}

	/**
	 * Set the counter and read the others over the same connection, so that what is read
	 * comes from the database that took the counter even where the pool's connections
	 * reach more than one.
	 */
	@Override
	public Optional<List<OptionalLong>> compareAndSetThenRead(String counter, OptionalLong expected, long value,
			List<String> counters) {
		SequenceNames.validateCounter(counter);
		counters.forEach(SequenceNames::validateCounter);
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			if (!compareAndSet(connection, counter, expected, value)) {
				return Optional.empty();
			}
			return Optional.of(this.rows.findMaxIds(connection, counters));
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE.translate("Could not set the counter " + SequenceNames.quote(counter)
					+ " and read " + counters.stream().map(SequenceNames::quote).toList() + " in table '"
					+ this.table.tableName() + "'", ex);
		}
	}

	private boolean compareAndSet(Connection connection, String counter, OptionalLong expected, long value)
			throws SQLException {
		if (expected.isEmpty()) {
			return this.rows.insertIfAbsent(connection, counter, value);
		}
		try (PreparedStatement statement = connection.prepareStatement(this.table.compareAndSet())) {
			statement.setLong(1, value);
			statement.setLong(2, value - expected.getAsLong());
			statement.setString(3, counter);
			statement.setLong(4, expected.getAsLong());
			return statement.executeUpdate() == 1;
		}
	}

	@Override
	public Map<String, Long> readAll() {
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection);
				PreparedStatement statement = connection.prepareStatement(this.table.selectAll());
				ResultSet result = statement.executeQuery()) {
			Map<String, Long> counters = new LinkedHashMap<>();
			while (result.next()) {
				counters.put(result.getString(1), result.getLong(2));
			}
			return counters;
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE
				.translate("Could not read the counters in table '" + this.table.tableName() + "'", ex);
		}
	}

	@Override
	public void checkAvailable() {
		try (Connection connection = this.dataSource.getConnection()) {
			if (!connection.isValid(VALIDATION_TIMEOUT_SECONDS)) {
				throw new BackendUnavailableException("Database of table '" + this.table.tableName()
						+ "' did not answer a validation within " + VALIDATION_TIMEOUT_SECONDS + " seconds");
			}
		}
		catch (SQLException ex) {
			throw SqlFailures.SEGMENT_TABLE
				.translate("Database of table '" + this.table.tableName() + "' is not available", ex);
		}
	}

	/**
	 * Return the dialect in use.
	 * @return the dialect, or {@code null} if it is detected on first use and no
	 * allocation has run yet
	 */
	public JdbcDialect getDialect() {
		return this.dialect;
	}

}
