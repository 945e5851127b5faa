package io.github.idgen.redis;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.IdGenerationException;

/**
 * Tells a Redis failure that a retry may heal from one it will not, and describes it
 * without the text of the client or the server, which can name hosts, ports and, since
 * Redis 7.2, the user of an ACL refusal.
 * <p>
 * An error reply of the server reaches idgen as an exception of the client, Lettuce's
 * {@code RedisCommandExecutionException} or Jedis's {@code JedisDataException}, whose
 * message is the reply: an error code in capitals and a text, such as
 * {@code WRONGTYPE Operation against a key holding the wrong kind of value}. Spring Data
 * Redis wraps it in a {@code RedisSystemException} or an
 * {@code InvalidDataAccessApiUsageException}; this class looks for it in the cause chain.
 * A reply whose code says that the server is loading, failing over, busy, short of memory
 * or unable to persist ({@code LOADING}, {@code READONLY}, {@code MASTERDOWN},
 * {@code CLUSTERDOWN}, {@code TRYAGAIN}, {@code BUSY}, {@code NOREPLICAS}, {@code OOM},
 * {@code MISCONF}, {@code MOVED}, {@code ASK}, also when Redis before 7.0 wraps it in an
 * {@code ERR} of the script, and {@code ERR max number of clients reached}) is transient;
 * any other reply (a missing permission, wrong credentials, a key of the wrong type, an
 * error of a command or a script) is permanent and named by its code with what it means.
 * Every other failure (a lost connection, a timeout, a client that gave up) is transient
 * and named by its types.
 */
final class RedisFailures {

	private static final Set<String> REPLY_TYPES = Set.of("io.lettuce.core.RedisCommandExecutionException",
			"redis.clients.jedis.exceptions.JedisDataException");

	private static final Set<String> TRANSIENT_ERROR_CODES = Set.of("LOADING", "READONLY", "MASTERDOWN", "CLUSTERDOWN",
			"TRYAGAIN", "BUSY", "NOREPLICAS", "OOM", "MISCONF", "MOVED", "ASK");

	private static final Pattern WRAPPED_SCRIPT_ERROR = Pattern.compile("@user_script: \\d+: -([A-Z_]+) ");

	private static final String PERMISSION = "the Redis user may not run a command idgen needs (EVAL, EVALSHA, GET, "
			+ "MGET, SET, INCR, INCRBY, INFO, TIME, EXISTS, PEXPIRE, DEL, SCAN), or its credentials are wrong";

	private static final Map<String, String> MEANINGS = Map.of("NOPERM", PERMISSION, "NOAUTH", PERMISSION, "WRONGPASS",
			PERMISSION, "WRONGTYPE", "a key of idgen holds another type of value than idgen wrote");

	/**
	 * The start of the error that the reserve script returns when it may not run
	 * {@code INFO server}.
	 */
	private static final String NO_INFO = "ERR idgen needs INFO server";

	private RedisFailures() {
	}

	/**
	 * Return the exception that reports a failure of Redis.
	 * @param action what failed, such as {@code Could not reserve 10 IDs of sequence 'a'}
	 * @param failure the failure
	 * @return a {@link BackendMisconfiguredException} for a permanent error reply, else a
	 * {@link BackendUnavailableException}
	 */
	static IdGenerationException translate(String action, RuntimeException failure) {
		String reply = errorReply(failure);
		String code = (reply != null) ? errorCode(reply) : null;
		if (code == null || TRANSIENT_ERROR_CODES.contains(code) || isTransientErr(reply)) {
			return new BackendUnavailableException(action + ": " + FailureDescriptions.describe(failure), failure);
		}
		return new BackendMisconfiguredException(action + ": Redis refused it with " + code + ", "
				+ meaning(code, reply) + " (the reply is not shown, since it may name the user)", failure);
	}

	/**
	 * Return whether a reply with the code {@code ERR} reports a transient condition: the
	 * server's client limit reached (as in a reconnection storm after a failover), or, on
	 * Redis before 7.0, which wraps the error of a command in a script as
	 * {@code ERR Error running script (...): @user_script:9: @user_script: 9: -READONLY ...},
	 * a wrapped transient code.
	 */
	private static boolean isTransientErr(String reply) {
		if (!reply.startsWith("ERR ")) {
			return false;
		}
		if (reply.startsWith("ERR max number of clients reached")) {
			return true;
		}
		Matcher wrapped = WRAPPED_SCRIPT_ERROR.matcher(reply);
		return wrapped.find() && TRANSIENT_ERROR_CODES.contains(wrapped.group(1));
	}

	private static String meaning(String code, String reply) {
		if (reply.startsWith(NO_INFO)) {
			return "since the Redis user may not run INFO server, which idgen needs to tell a restart or a failover of "
					+ "Redis: grant it +info";
		}
		return MEANINGS.getOrDefault(code, "an error of a command or of idgen's script");
	}

	/**
	 * Return the error reply of the server behind a failure: the message of the client's
	 * exception for an error reply in the cause chain, if it starts with an error code.
	 */
	private static String errorReply(Throwable failure) {
		Throwable cause = failure;
		for (int depth = 0; cause != null && depth < 16; depth++, cause = cause.getCause()) {
			if (isReply(cause.getClass()) && cause.getMessage() != null && errorCode(cause.getMessage()) != null) {
				return cause.getMessage();
			}
		}
		return null;
	}

	private static boolean isReply(Class<?> type) {
		for (Class<?> candidate = type; candidate != null; candidate = candidate.getSuperclass()) {
			if (REPLY_TYPES.contains(candidate.getName())) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Return the error code a reply starts with: a word of capital letters, digits and
	 * underscores, such as {@code WRONGTYPE}.
	 */
	private static String errorCode(String reply) {
		int end = 0;
		while (end < reply.length() && isCodeCharacter(reply.charAt(end))) {
			end++;
		}
		boolean code = end > 0 && Character.isUpperCase(reply.charAt(0))
				&& (end == reply.length() || reply.charAt(end) == ' ');
		return code ? reply.substring(0, end).toUpperCase(Locale.ROOT) : null;
	}

	private static boolean isCodeCharacter(char character) {
		return (character >= 'A' && character <= 'Z') || (character >= '0' && character <= '9') || character == '_';
	}

}
