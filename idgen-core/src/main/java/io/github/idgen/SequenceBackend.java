package io.github.idgen;

/**
 * A backend that serves sequences: it creates the {@link Sequence} of a name and can
 * tell whether it is able to serve IDs.
 */
public interface SequenceBackend extends SequenceFactory {

	/**
	 * Check that the backend can serve IDs: its store can be reached and nothing has made
	 * it refuse to (such as a tripped counter-loss guard).
	 * @throws IdGenerationException if it cannot, with the reason
	 */
	void checkAvailable();

}
