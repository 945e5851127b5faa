package io.github.idgen.jdbc;

import java.sql.SQLException;
import java.util.Set;

/**
 * Recognizes the failure of an insert whose row exists already: a violated unique or
 * primary key constraint, and no other integrity violation. A {@code NOT NULL} or check
 * constraint that an insert violates means that the table has another shape than idgen
 * needs, which no retry heals.
 */
final class DuplicateKeys {

	/**
	 * The SQL state of a unique violation in PostgreSQL, H2, HSQLDB and Derby.
	 */
	private static final String UNIQUE_VIOLATION = "23505";

	/**
	 * The vendor codes of a unique violation reported with the general SQL state
	 * {@code 23000}: MariaDB and MySQL 1062, SQL Server 2627 and 2601, Oracle 1.
	 */
	private static final Set<Integer> UNIQUE_VIOLATION_CODES = Set.of(1062, 2627, 2601, 1);

	private DuplicateKeys() {
	}

	/**
	 * Return whether the given failure is a violated unique or primary key constraint.
	 * @param ex the failure
	 * @return whether its SQL state is {@code 23505}, or of class {@code 23} with a
	 * vendor code of a unique violation
	 */
	static boolean isDuplicateKey(SQLException ex) {
		String state = ex.getSQLState();
		if (UNIQUE_VIOLATION.equals(state)) {
			return true;
		}
		return state != null && state.startsWith("23") && UNIQUE_VIOLATION_CODES.contains(ex.getErrorCode());
	}

}
