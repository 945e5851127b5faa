package io.github.idgen;

/**
 * Thrown when the backend refuses to reserve IDs for a reason that retrying does not fix:
 * a missing or misshapen table, a missing permission, a constraint the store's rows
 * violate, a script the server rejects. Unlike {@link BackendUnavailableException} it is
 * thrown at once, without waiting for a retry, and names what an operator has to fix.
 */
public class BackendMisconfiguredException extends IdGenerationException {

	/**
	 * Create a new exception.
	 * @param message the detail message, naming what is wrong and, where known, the fix
	 */
	public BackendMisconfiguredException(String message) {
		super(message);
	}

	/**
	 * Create a new exception.
	 * @param message the detail message, naming what is wrong and, where known, the fix
	 * @param cause the backend failure
	 */
	public BackendMisconfiguredException(String message, Throwable cause) {
		super(message, cause);
	}

}
