package io.github.idgen;

/**
 * What an {@link IdGenerator} does when asked for a sequence that is not configured.
 */
public enum UnknownSequencePolicy {

	/**
	 * Create the sequence on first use, with the default settings.
	 */
	CREATE,

	/**
	 * Serve the request from the default sequence.
	 */
	SHARE,

	/**
	 * Throw an {@link UnknownSequenceException}.
	 */
	REJECT

}
