package io.github.idgen.server.http;

import java.util.Set;

/**
 * A caller of the ID server, as its bearer token tells: a configured client, or anyone on
 * the loopback address when no client is configured.
 *
 * @param name the name of the client, {@code anonymous} for anyone
 * @param sequences the sequences it may use, {@value #ANY_SEQUENCE} for every one
 * @param decode whether it may decode the IDs of obfuscated sequences
 */
record ApiClient(String name, Set<String> sequences, boolean decode) {

	/**
	 * The entry of {@link #sequences} that stands for every sequence.
	 */
	static final String ANY_SEQUENCE = "*";

	/**
	 * Anyone, when no client is configured: every sequence, no decoding of obfuscated
	 * IDs.
	 */
	static final ApiClient ANONYMOUS = new ApiClient("anonymous", Set.of(ANY_SEQUENCE), false);

	/**
	 * Return whether the client may use a sequence.
	 * @param sequence the sequence name
	 * @return whether it may
	 */
	boolean mayUse(String sequence) {
		return this.sequences.contains(ANY_SEQUENCE) || this.sequences.contains(sequence);
	}

}
