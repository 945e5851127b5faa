package io.github.idgen.redis;

import java.util.Locale;
import java.util.Set;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.IdGenerationException;

/**
 * Tells a Redis failure that a retry may heal from one it will not, and describes it
 * without the client's message, which can name hosts and ports.
 * <p>
 * Spring Data Redis reports an error reply of the server as an
 * {@link InvalidDataAccessApiUsageException} whose message is the reply, such as
 * {@code ERR Error running script ...}, {@code WRONGTYPE ...}, {@code NOPERM ...} or
 * {@code READONLY ...}. A reply whose error code says the server is busy, loading,
 * failing over or short of memory ({@code LOADING}, {@code READONLY}, {@code MASTERDOWN},
 * {@code CLUSTERDOWN}, {@code TRYAGAIN}, {@code BUSY}, {@code NOREPLICAS}, {@code OOM},
 * {@code MOVED}, {@code ASK}) is transient; any other error reply (a script error, a key
 * of the wrong type, a missing permission, a command the server does not offer) is
 * permanent and quoted, since the server wrote it. Every other failure (a lost
 * connection, a timeout) is transient and described by its types only.
 */
final class RedisFailures {

	private static final Set<String> TRANSIENT_ERROR_CODES = Set.of("LOADING", "READONLY", "MASTERDOWN",
			"CLUSTERDOWN", "TRYAGAIN", "BUSY", "NOREPLICAS", "OOM", "MOVED", "ASK");

	private static final int MAX_QUOTED_REPLY = 300;

	private RedisFailures() {
	}

	/**
	 * Return the exception that reports a failure of Redis.
	 * @param action what failed, such as {@code Could not reserve 10 IDs of sequence 'a'}
	 * @param failure the failure
	 * @return a {@link BackendMisconfiguredException} for a permanent error reply, else a
	 * {@link BackendUnavailableException}
	 */
	static IdGenerationException translate(String action, DataAccessException failure) {
		String reply = (failure instanceof InvalidDataAccessApiUsageException) ? failure.getMessage() : null;
		if (reply != null && !TRANSIENT_ERROR_CODES.contains(errorCode(reply))) {
			return new BackendMisconfiguredException(action + ": Redis answered '" + firstLine(reply) + "'", failure);
		}
		return new BackendUnavailableException(action + ": " + FailureDescriptions.describe(failure), failure);
	}

	private static String errorCode(String reply) {
		int end = 0;
		while (end < reply.length() && !Character.isWhitespace(reply.charAt(end))) {
			end++;
		}
		return reply.substring(0, end).toUpperCase(Locale.ROOT);
	}

	private static String firstLine(String reply) {
		String line = reply.lines().findFirst().orElse("");
		return (line.length() > MAX_QUOTED_REPLY) ? line.substring(0, MAX_QUOTED_REPLY) + "..." : line;
	}

}
