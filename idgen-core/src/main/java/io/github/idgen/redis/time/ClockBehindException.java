package io.github.idgen.redis.time;

/**
 * Thrown by a {@link RedisTimeNode} that cannot reserve anything now: its clock is so far
 * behind the last millisecond it handed out that moving on to the next one would run
 * further ahead of the clock than allowed. Its clock went back, or the sequence space of
 * the last milliseconds was used up faster than the clock advanced. Carries no stack
 * trace: it is part of the normal control flow under load.
 */
final class ClockBehindException extends RuntimeException {

	private final long behindMillis;

	/**
	 * Create a new exception.
	 * @param message the detail message
	 * @param behindMillis how many milliseconds the node's clock is behind the last
	 * millisecond it handed out
	 */
	ClockBehindException(String message, long behindMillis) {
		super(message, null, false, false);
		this.behindMillis = behindMillis;
	}

	/**
	 * Return how many milliseconds the node's clock is behind the last millisecond it
	 * handed out.
	 * @return the distance in milliseconds, at least 0
	 */
	long behindMillis() {
		return this.behindMillis;
	}

}
