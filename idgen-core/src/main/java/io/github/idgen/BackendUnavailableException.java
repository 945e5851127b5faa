package io.github.idgen;

/**
 * Thrown when the backend that reserves IDs cannot be reached, or did not answer in time,
 * and no reserved ID is left to hand out.
 */
public class BackendUnavailableException extends IdGenerationException {

	/**
	 * Create a new exception.
	 * @param message the detail message
	 */
	public BackendUnavailableException(String message) {
		super(message);
	}

	/**
	 * Create a new exception.
	 * @param message the detail message
	 * @param cause the backend failure, if any
	 */
	public BackendUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
