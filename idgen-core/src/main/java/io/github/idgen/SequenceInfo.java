package io.github.idgen;

import java.util.Map;

/**
 * A {@link Sequence} that describes its state, for health and monitoring.
 */
public interface SequenceInfo {

	/**
	 * Return the current state of the sequence as name-value pairs fit for JSON.
	 * @return the state, in a stable order
	 */
	Map<String, Object> info();

}
