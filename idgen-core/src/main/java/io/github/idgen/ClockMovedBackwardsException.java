package io.github.idgen;

import java.time.Duration;

/**
 * Thrown when the clock moved backwards further than a time-based generator is willing to
 * wait out.
 */
public class ClockMovedBackwardsException extends IdGenerationException {

	private final Duration jump;

	/**
	 * Create a new exception.
	 * @param jump how far the clock moved backwards
	 * @param message the detail message
	 */
	public ClockMovedBackwardsException(Duration jump, String message) {
		super(message);
		this.jump = jump;
	}

	/**
	 * Return how far the clock moved backwards.
	 * @return the size of the backward jump
	 */
	public Duration getJump() {
		return this.jump;
	}

}
