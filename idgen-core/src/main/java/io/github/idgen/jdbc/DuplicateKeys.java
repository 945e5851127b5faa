package io.github.idgen.jdbc;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;

/**
 * Recognizes the failure of an insert whose row exists already.
 */
final class DuplicateKeys {

	private DuplicateKeys() {
	}

	/**
	 * Return whether the given failure is a violated integrity constraint, such as a
	 * duplicate primary key.
	 * @param ex the failure
	 * @return whether it is a constraint violation (SQL state class {@code 23})
	 */
	static boolean isDuplicateKey(SQLException ex) {
		return ex instanceof SQLIntegrityConstraintViolationException
				|| (ex.getSQLState() != null && ex.getSQLState().startsWith("23"));
	}

}
