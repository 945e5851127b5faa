package io.github.idgen;

/**
 * Thrown when a generator can no longer prove that it still owns its worker ID, so that
 * issuing another ID could duplicate one of the instance that may now own it.
 */
public class WorkerIdLostException extends IdGenerationException {

	/**
	 * Create a new exception.
	 * @param message the detail message
	 */
	public WorkerIdLostException(String message) {
		super(message);
	}

}
