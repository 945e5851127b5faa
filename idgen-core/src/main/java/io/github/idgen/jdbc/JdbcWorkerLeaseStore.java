package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.SequenceNames;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * A {@link WorkerLeaseStore} that keeps its leases in a table of a relational database,
 * through plain JDBC.
 * <p>
 * The table ({@value #DEFAULT_TABLE_NAME} by default, see {@link JdbcWorkerSchema}) has
 * one row per worker ID that was ever leased: {@code worker_id} (the primary key),
 * {@code owner}, {@code expires_at} and {@code last_timestamp} (in milliseconds since the
 * Unix epoch: the horizon of the last renewal, or the exact last millisecond issued if
 * the lease was released; see {@link WorkerLeaseStore}). A lease is live while
 * {@code expires_at >= now}, where {@code now} and every expiry are computed by the
 * database ({@code CURRENT_TIMESTAMP}, or {@code UTC_TIMESTAMP(3)} on MariaDB and MySQL,
 * plus the ttl added in SQL), never from the clocks of the competing instances. See
 * {@link WorkerTableSql} for the statements.
 * <p>
 * To acquire, the store reads in one query which worker IDs up to the largest one have a
 * row and which of those have expired, then claims the lowest free id: a missing row with
 * an {@code INSERT}, of which the primary key lets exactly one of several competing
 * callers succeed, an expired one with a conditional update, which the row lock lets
 * exactly one of them change:
 *
 * <pre class="code">
 * UPDATE idgen_worker SET owner = :owner, expires_at = now + :ttl
 *     WHERE worker_id = :id AND expires_at &lt; now</pre> A caller that loses a race goes
 * on with the next free id, and reads again once it has tried them all. The new owner
 * reads the row's {@code last_timestamp} after it claimed it, when the previous owner can
 * no longer change it.
 * <p>
 * To renew, the store runs {@code UPDATE ... WHERE worker_id = :id AND owner = :owner AND
 * expires_at >= now}, which also raises {@code last_timestamp} to the owner's horizon
 * ({@code GREATEST}, so it never goes back). A lease that has expired is not renewed even
 * if no other owner has taken it yet: its owner's generator may already have fenced
 * itself off and stopped issuing IDs on the grounds that the id could have been taken,
 * and another instance may be about to take it; renewing it would make the store and the
 * generator disagree on who may use the id. The owner acquires again instead. To release,
 * the store sets {@code expires_at} a second into the past (so the id is free at once)
 * and sets {@code last_timestamp} to exactly the last millisecond the owner issued IDs
 * at, possibly lower than its horizon, if the owner still holds the row.
 * <p>
 * The MariaDB and MySQL drivers must count the rows an update matched, not only those it
 * changed, which is the default of both Connector/J drivers
 * ({@code useAffectedRows=false}).
 * <p>
 * The store takes a connection of its own from the {@link DataSource} for each operation
 * and runs it in auto-commit mode at {@code READ COMMITTED} (see {@link ReadCommitted});
 * it must never take part in a caller's transaction, whose rollback could undo a lease
 * another instance already relies on. The dialect is detected on first use unless it is
 * given; on a database of another dialect than those that
 * {@linkplain JdbcDialect#supportsWorkerLeases() support worker leases} every operation
 * throws a {@link BackendMisconfiguredException}. An {@link SQLException} becomes a
 * {@link BackendMisconfiguredException} or a {@link BackendUnavailableException} naming
 * the table, as for the {@link JdbcSegmentStore}.
 */
public class JdbcWorkerLeaseStore implements WorkerLeaseStore {

	/**
	 * The default name of the worker table.
	 */
	public static final String DEFAULT_TABLE_NAME = "idgen_worker";

	/**
	 * The databases whose clock arithmetic the store knows.
	 */
	public static final String SUPPORTED_DATABASES = "PostgreSQL, MariaDB, MySQL and H2";

	/**
	 * The maximum length of an owner, in UTF-16 code units.
	 */
	public static final int MAX_OWNER_LENGTH = 128;

	private static final long RELEASED_TTL_MILLIS = -1000;

	private static final int MAX_ROUNDS = 100;

	private final DataSource dataSource;

	private final String tableName;

	private volatile WorkerTableSql table;

	/**
	 * Create a store whose dialect is detected on first use.
	 * @param dataSource the data source to take connections from
	 * @param tableName the name of the worker table, valid as {@link SqlIdentifiers}
	 * defines it
	 */
	public JdbcWorkerLeaseStore(DataSource dataSource, String tableName) {
		this(dataSource, tableName, null);
	}

	/**
	 * Create a store with the given dialect.
	 * @param dataSource the data source to take connections from
	 * @param tableName the name of the worker table, valid as {@link SqlIdentifiers}
	 * defines it
	 * @param dialect the dialect to use, or {@code null} to detect it on first use
	 * @throws IllegalArgumentException if the dialect does not
	 * {@linkplain JdbcDialect#supportsWorkerLeases() support worker leases}
	 */
	public JdbcWorkerLeaseStore(DataSource dataSource, String tableName, JdbcDialect dialect) {
		this.dataSource = Objects.requireNonNull(dataSource, "DataSource must not be null");
		this.tableName = SqlIdentifiers.validateTableName(tableName);
		if (dialect != null) {
			this.table = new WorkerTableSql(tableName, dialect);
		}
	}

	@Override
	public Optional<WorkerLease> acquire(String owner, int maxWorkerId, Duration ttl) {
		validateOwner(owner);
		if (maxWorkerId < 0) {
			throw new IllegalArgumentException("Max worker ID must not be negative but was " + maxWorkerId);
		}
		long ttlMillis = ttlMillis(ttl);
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection)) {
			WorkerTableSql table = table(connection);
			for (int round = 1; round <= MAX_ROUNDS; round++) {
				List<Candidate> candidates = findCandidates(connection, table, maxWorkerId);
				if (candidates.isEmpty()) {
					return Optional.empty();
				}
				for (Candidate candidate : candidates) {
					OptionalLong lastTimestamp = candidate.claim(connection, table, owner, ttlMillis);
					if (lastTimestamp.isPresent()) {
						return Optional.of(new WorkerLease(candidate.workerId(), owner, lastTimestamp.getAsLong()));
					}
				}
			}
			throw new BackendUnavailableException("Could not acquire a worker ID for owner "
					+ SequenceNames.quote(owner) + " in table '" + this.tableName
					+ "': other instances took every free worker ID first in " + MAX_ROUNDS + " rounds");
		}
		catch (SQLException ex) {
			throw failure("Could not acquire a worker ID for owner " + SequenceNames.quote(owner), ex);
		}
	}

	private List<Candidate> findCandidates(Connection connection, WorkerTableSql table, int maxWorkerId)
			throws SQLException {
		List<Candidate> candidates = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement(table.selectLeases())) {
			statement.setInt(1, maxWorkerId);
			try (ResultSet result = statement.executeQuery()) {
				int next = 0;
				while (result.next()) {
					int workerId = result.getInt(1);
					for (; next < workerId; next++) {
						candidates.add(new Candidate(next, false));
					}
					if (result.getInt(2) == 1) {
						candidates.add(new Candidate(workerId, true));
					}
					next = workerId + 1;
				}
				for (; next <= maxWorkerId; next++) {
					candidates.add(new Candidate(next, false));
				}
			}
		}
		return candidates;
	}

	@Override
	public boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
		Objects.requireNonNull(lease, "Lease must not be null");
		long ttlMillis = ttlMillis(ttl);
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection);
				PreparedStatement statement = connection.prepareStatement(table(connection).renew())) {
			statement.setLong(1, ttlMillis);
			statement.setLong(2, lastIssuedMillis);
			statement.setInt(3, lease.workerId());
			statement.setString(4, lease.owner());
			return statement.executeUpdate() == 1;
		}
		catch (SQLException ex) {
			throw failure("Could not renew the lease of worker ID " + lease.workerId(), ex);
		}
	}

	@Override
	public void release(WorkerLease lease, long lastIssuedMillis) {
		Objects.requireNonNull(lease, "Lease must not be null");
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection);
				PreparedStatement statement = connection.prepareStatement(table(connection).release())) {
			statement.setLong(1, RELEASED_TTL_MILLIS);
			statement.setLong(2, lastIssuedMillis);
			statement.setInt(3, lease.workerId());
			statement.setString(4, lease.owner());
			statement.executeUpdate();
		}
		catch (SQLException ex) {
			throw failure("Could not release the lease of worker ID " + lease.workerId(), ex);
		}
	}

	@Override
	public int countLive() {
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true);
				ReadCommitted readCommitted = ReadCommitted.set(connection);
				PreparedStatement statement = connection.prepareStatement(table(connection).countLive());
				ResultSet result = statement.executeQuery()) {
			result.next();
			return result.getInt(1);
		}
		catch (SQLException ex) {
			throw failure("Could not count the live leases", ex);
		}
	}

	private WorkerTableSql table(Connection connection) throws SQLException {
		WorkerTableSql table = this.table;
		if (table == null) {
			// No lock around the detection, which asks the database: threads that race
			// here each detect the dialect of the one database and set equal values.
			JdbcDialect dialect = JdbcDialect.of(connection);
			WorkerTableSql.requireSupported(dialect, this.tableName);
			table = new WorkerTableSql(this.tableName, dialect);
			this.table = table;
		}
		return table;
	}

	private IdGenerationException failure(String message, SQLException ex) {
		return SqlFailures.WORKER_TABLE.translate(message + " in table '" + this.tableName + "'", ex);
	}

	private static void validateOwner(String owner) {
		if (owner == null || owner.isBlank() || owner.length() > MAX_OWNER_LENGTH) {
			throw new IllegalArgumentException("Invalid owner " + SequenceNames.quote(owner)
					+ ": it must not be blank and have at most " + MAX_OWNER_LENGTH + " characters");
		}
	}

	private static long ttlMillis(Duration ttl) {
		Objects.requireNonNull(ttl, "Ttl must not be null");
		if (ttl.toMillis() < 1) {
			throw new IllegalArgumentException("Ttl must be at least 1 ms but was " + ttl);
		}
		return ttl.toMillis();
	}

	/**
	 * A worker ID that had no live lease when the table was read.
	 *
	 * @param workerId the worker ID
	 * @param exists whether it had a row (with an expired lease) or none
	 */
	private record Candidate(int workerId, boolean exists) {

		/**
		 * Claim the worker ID for the given owner, unless another caller did first.
		 * @return the last timestamp of the row if the claim succeeded, empty if it was
		 * lost
		 */
		OptionalLong claim(Connection connection, WorkerTableSql table, String owner, long ttlMillis)
				throws SQLException {
			return this.exists ? takeOver(connection, table, owner, ttlMillis)
					: insert(connection, table, owner, ttlMillis);
		}

		private OptionalLong insert(Connection connection, WorkerTableSql table, String owner, long ttlMillis)
				throws SQLException {
			try (PreparedStatement statement = connection.prepareStatement(table.insert())) {
				statement.setInt(1, this.workerId);
				statement.setString(2, owner);
				statement.setLong(3, ttlMillis);
				statement.executeUpdate();
				return OptionalLong.of(0);
			}
			catch (SQLException ex) {
				if (!DuplicateKeys.isDuplicateKey(ex)) {
					throw ex;
				}
				return OptionalLong.empty();
			}
		}

		private OptionalLong takeOver(Connection connection, WorkerTableSql table, String owner, long ttlMillis)
				throws SQLException {
			try (PreparedStatement statement = connection.prepareStatement(table.takeOver())) {
				statement.setString(1, owner);
				statement.setLong(2, ttlMillis);
				statement.setInt(3, this.workerId);
				if (statement.executeUpdate() != 1) {
					return OptionalLong.empty();
				}
			}
			try (PreparedStatement statement = connection.prepareStatement(table.selectLastTimestamp())) {
				statement.setInt(1, this.workerId);
				statement.setString(2, owner);
				try (ResultSet result = statement.executeQuery()) {
					return result.next() ? OptionalLong.of(result.getLong(1)) : OptionalLong.empty();
				}
			}
		}

	}

}
