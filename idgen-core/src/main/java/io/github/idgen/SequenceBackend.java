package io.github.idgen;

/**
 * A backend that serves sequences: it creates the {@link Sequence} of a name and can
 * tell whether the store behind it can be reached.
 */
public interface SequenceBackend extends SequenceFactory {

	/**
	 * Check that the store behind this backend can be reached.
	 * @throws BackendUnavailableException if it cannot, with the reason
	 */
	void checkAvailable();

}
