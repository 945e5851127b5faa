package io.github.idgen;

import java.util.Map;

/**
 * A {@link Sequence} that describes its state, for health and monitoring.
 */
public interface SequenceInfo {

	/**
	 * Return the current state of the sequence as name-value pairs fit for JSON,
	 * including {@link #issued()} as {@code issued}.
	 * @return the state, in a stable order
	 */
	Map<String, Object> info();

	/**
	 * Return how many IDs this sequence has issued in this instance since it was created.
	 * Exact once no call is under way; while calls are under way it may lag behind them.
	 * @return the number of IDs issued
	 */
	long issued();

}
