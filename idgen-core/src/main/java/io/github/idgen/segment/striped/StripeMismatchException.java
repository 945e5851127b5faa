package io.github.idgen.segment.striped;

import io.github.idgen.BackendMisconfiguredException;

/**
 * Thrown when a store records a stripe layout that this instance must not use: another
 * stripe than configured, another generation, records gone, or retired. Unlike a failure
 * of the store, no retry heals it; the store is skipped until the application restarts
 * with a configuration that matches.
 */
public class StripeMismatchException extends BackendMisconfiguredException {

	/**
	 * Create a new exception.
	 * @param message what the store records, what was expected and the fix
	 */
	public StripeMismatchException(String message) {
		super(message);
	}

}
