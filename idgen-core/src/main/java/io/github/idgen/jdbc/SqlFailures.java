package io.github.idgen.jdbc;

import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.IdGenerationException;

/**
 * Turns the {@link SQLException}s of the JDBC stores into idgen's exceptions: a
 * {@link BackendMisconfiguredException} for a failure that no retry heals, a
 * {@link BackendUnavailableException}, which the segment engine retries, for every other
 * one.
 * <p>
 * A failure is permanent if the first SQL state in its cause chain is of
 * <ul>
 * <li>class {@code 42}, syntax error or access rule violation: a missing table or column,
 * a missing privilege (MariaDB and MySQL report these as {@code 42000}, {@code 42S02} or
 * {@code 42S22}), or H2's {@code 90096} (not enough rights);</li>
 * <li>class {@code 28}, invalid authorization: a wrong user or password;</li>
 * <li>class {@code 23}, integrity constraint violation: the stores handle the unique
 * violations they expect (see {@link DuplicateKeys}), so one that arrives here means a
 * table of another shape, such as one with a {@code NOT NULL} column that idgen does not
 * fill;</li>
 * <li>class {@code 22}, data exception: a value that does not fit a column, such as a
 * counter in a 32-bit column;</li>
 * <li>or the general state {@code HY000} of MariaDB and MySQL with the vendor code of one
 * of these failures, such as 1364 (a {@code NOT NULL} column without a default).</li>
 * </ul>
 * Every other failure is transient: connection failures (class {@code 08}), timeouts,
 * serialization failures and deadlocks ({@code 40001}, {@code 40P01}), a server shutting
 * down, and failures without a SQL state.
 * <p>
 * A message names what failed and on which table, the kind of failure and, for a
 * permanent one, its fix. The driver's failure is described by
 * {@link FailureDescriptions#describe(Throwable)} and kept as the cause; its message,
 * which can name hosts, ports and users, is never quoted.
 */
final class SqlFailures {

	/**
	 * The vendor codes that MariaDB and MySQL report with the SQL state {@code HY000} for
	 * failures of a permanent kind.
	 */
	private static final Map<Integer, Kind> GENERAL_STATE_CODES = Map.of(1044, Kind.REJECTED, 1054, Kind.REJECTED, 1142,
			Kind.REJECTED, 1143, Kind.REJECTED, 1146, Kind.REJECTED, 1045, Kind.UNAUTHORIZED, 1364, Kind.CONSTRAINT);

	/**
	 * The failures on the counter table of a {@link JdbcSegmentStore} or a
	 * {@link JdbcCounterFloor}.
	 */
	static final SqlFailures SEGMENT_TABLE = new SqlFailures("schema-<database>.sql");

	/**
	 * The failures on the worker table of a {@link JdbcWorkerLeaseStore}.
	 */
	static final SqlFailures WORKER_TABLE = new SqlFailures("worker-schema-<database>.sql");

	private final String script;

	/**
	 * Create the translation for the failures on one kind of table.
	 * @param script the name of the schema script that creates the table, such as
	 * {@code schema-<database>.sql}
	 */
	SqlFailures(String script) {
		this.script = "io/github/idgen/jdbc/" + script;
	}

	/**
	 * Return the kind of a failure.
	 * @param ex the failure
	 * @return its kind, {@link Kind#TRANSIENT} unless it is known to be permanent
	 */
	static Kind classify(SQLException ex) {
		SQLException failure = firstWithState(ex);
		if (failure == null) {
			return Kind.TRANSIENT;
		}
		String state = failure.getSQLState();
		if (state.startsWith("42") || state.equals("90096")) {
			return Kind.REJECTED;
		}
		if (state.startsWith("28")) {
			return Kind.UNAUTHORIZED;
		}
		if (state.startsWith("23")) {
			return Kind.CONSTRAINT;
		}
		if (state.startsWith("22")) {
			return Kind.DATA;
		}
		if (state.equals("HY000")) {
			return GENERAL_STATE_CODES.getOrDefault(failure.getErrorCode(), Kind.TRANSIENT);
		}
		return Kind.TRANSIENT;
	}

	private static SQLException firstWithState(Throwable ex) {
		Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		for (Throwable cause = ex; cause != null && seen.add(cause); cause = cause.getCause()) {
			if (cause instanceof SQLException sql && sql.getSQLState() != null) {
				return sql;
			}
		}
		return null;
	}

	/**
	 * Translate a failure.
	 * @param failure what failed, naming the table, such as {@code Could not reserve 10
	 * IDs of sequence 'orders' in table 'idgen_segment'}
	 * @param ex the failure
	 * @return a {@link BackendMisconfiguredException} for a permanent failure, else a
	 * {@link BackendUnavailableException}
	 */
	IdGenerationException translate(String failure, SQLException ex) {
		String message = failure + ": ";
		Kind kind = classify(ex);
		if (kind == Kind.TRANSIENT) {
			return new BackendUnavailableException(message + FailureDescriptions.describe(ex), ex);
		}
		return new BackendMisconfiguredException(message + kind.reason + " (" + FailureDescriptions.describe(ex) + "). "
				+ kind.fix.replace("${script}", this.script), ex);
	}

	/**
	 * The kinds of failure, each with what it means and how to fix it.
	 */
	enum Kind {

		/**
		 * The database rejected a statement: a missing table or column, a missing
		 * privilege.
		 */
		REJECTED(
				"the database rejected the statement: the table or one of its columns does not exist, or the "
						+ "database user lacks a privilege on it",
				"Create the table as idgen's script ${script} does, and grant the database user SELECT, INSERT "
						+ "and UPDATE on it."),

		/**
		 * The database refused the credentials.
		 */
		UNAUTHORIZED("the database refused the user or password of the DataSource",
				"Fix the user and password of the DataSource."),

		/**
		 * A row violates a constraint of the table.
		 */
		CONSTRAINT(
				"a row that idgen writes violates a constraint of the table, which has another shape than idgen's "
						+ "(such as a NOT NULL column without a default that idgen does not fill)",
				"Give the table the columns of idgen's script ${script}, and a default to any other NOT NULL "
						+ "column."),

		/**
		 * A value does not fit a column of the table.
		 */
		DATA("a value that idgen writes does not fit a column of the table, which has another shape than idgen's "
				+ "(such as a counter narrower than BIGINT)",
				"Give the columns of the table the types of idgen's script ${script}."),

		/**
		 * Any other failure, which a retry may heal.
		 */
		TRANSIENT(null, null);

		private final String reason;

		private final String fix;

		Kind(String reason, String fix) {
			this.reason = reason;
			this.fix = fix;
		}

	}

}
