package io.github.idgen.mongo;

import java.util.Set;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoSecurityException;
import org.springframework.dao.PermissionDeniedDataAccessException;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.IdGenerationException;

/**
 * Tells a MongoDB failure that a retry may heal from one it will not, and describes it
 * without the driver's message, which can name hosts, ports and users. A failed
 * authentication or a missing permission (a {@link MongoSecurityException}, a
 * {@link PermissionDeniedDataAccessException}, or a command refused with error code 13,
 * {@code Unauthorized}, or 18, {@code AuthenticationFailed}) is permanent; every other
 * failure (a lost connection, a timeout, an election under way) is transient.
 */
final class MongoFailures {

	private static final Set<Integer> PERMANENT_ERROR_CODES = Set.of(13, 18);

	private MongoFailures() {
	}

	/**
	 * Return the exception that reports a failure of MongoDB.
	 * @param action what failed, such as {@code Could not reserve 10 IDs of sequence 'a'}
	 * @param failure the failure
	 * @return a {@link BackendMisconfiguredException} for a permanent failure, else a
	 * {@link BackendUnavailableException}
	 */
	static IdGenerationException translate(String action, RuntimeException failure) {
		String message = action + ": " + FailureDescriptions.describe(failure);
		return isPermanent(failure)
				? new BackendMisconfiguredException(
						message + "; check the user and its roles in the MongoDB connection settings", failure)
				: new BackendUnavailableException(message, failure);
	}

	private static boolean isPermanent(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			if (cause instanceof MongoSecurityException || cause instanceof PermissionDeniedDataAccessException
					|| (cause instanceof MongoCommandException command
							&& PERMANENT_ERROR_CODES.contains(command.getErrorCode()))) {
				return true;
			}
		}
		return false;
	}

}
