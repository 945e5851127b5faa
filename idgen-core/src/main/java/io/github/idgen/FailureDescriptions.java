package io.github.idgen;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Describes a backend failure without the text of its message: driver and client messages
 * carry host names, ports, user names and sometimes passwords, and the descriptions end
 * up in exception messages that reach health details, the actuator endpoint and startup
 * reports. The description names the failure's type, the type of its root cause and, for
 * JDBC, the SQL state and vendor code; the failure itself stays the cause of the
 * exception, so that a log with its stack trace still shows everything.
 */
public final class FailureDescriptions {

	private FailureDescriptions() {
	}

	/**
	 * Describe a failure by its types and codes, never by its message.
	 * @param failure the failure
	 * @return such as
	 * {@code SQLTransientConnectionException (SQLState 08001, vendor code 0)} or
	 * {@code RedisConnectionFailureException caused by ConnectException}
	 */
	public static String describe(Throwable failure) {
		StringBuilder description = new StringBuilder(failure.getClass().getSimpleName());
		SQLException sql = firstSqlException(failure);
		if (sql != null) {
			description.append(" (SQLState ")
				.append(sql.getSQLState())
				.append(", vendor code ")
				.append(sql.getErrorCode())
				.append(')');
		}
		Throwable root = rootCause(failure);
		if (root != failure) {
			description.append(" caused by ").append(root.getClass().getSimpleName());
		}
		return description.toString();
	}

	/**
	 * Return the first {@link SQLException} in the cause chain of a failure.
	 * @param failure the failure
	 * @return the exception, or {@code null} if there is none
	 */
	public static SQLException firstSqlException(Throwable failure) {
		for (Throwable cause : causeChain(failure)) {
			if (cause instanceof SQLException sql) {
				return sql;
			}
		}
		return null;
	}

	private static Throwable rootCause(Throwable failure) {
		List<Throwable> chain = causeChain(failure);
		return chain.get(chain.size() - 1);
	}

	/**
	 * Return a failure and its causes, each once, ending where a cause repeats.
	 */
	private static List<Throwable> causeChain(Throwable failure) {
		Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		List<Throwable> chain = new ArrayList<>();
		for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
			chain.add(cause);
		}
		return chain;
	}

}
