package io.github.idgen;

/**
 * Base class of every exception thrown when an ID cannot be generated.
 */
public class IdGenerationException extends RuntimeException {

	/**
	 * Create a new exception.
	 * @param message the detail message
	 */
	public IdGenerationException(String message) {
		super(message);
	}

	/**
	 * Create a new exception.
	 * @param message the detail message
	 * @param cause the cause
	 */
	public IdGenerationException(String message, Throwable cause) {
		super(message, cause);
	}

}
