package io.github.idgen;

import java.util.Map;

/**
 * A backend that serves sequences: it creates the {@link Sequence} of a name and can tell
 * whether it is able to serve IDs.
 */
public interface SequenceBackend extends SequenceFactory {

	/**
	 * Check that the backend can serve IDs: its store can be reached and nothing has made
	 * it refuse to (such as a tripped counter-loss guard).
	 * @throws IdGenerationException if it cannot, with the reason
	 */
	void checkAvailable();

	/**
	 * Return what this backend knows of a sequence beyond the sequence's own
	 * {@link SequenceInfo}, for monitoring: such as the state of a Redis counter-loss
	 * guard, which the store keeps rather than the sequence.
	 * @param sequence the sequence name
	 * @return name-value pairs fit for JSON, empty by default
	 */
	default Map<String, Object> details(String sequence) {
		return Map.of();
	}

	/**
	 * Return what this backend knows of its stores beyond whether they answer, for
	 * monitoring: such as the state of each store of a striped store.
	 * @return name-value pairs fit for JSON, empty by default
	 */
	default Map<String, Object> storeDetails() {
		return Map.of();
	}

}
