package io.github.idgen.server.http;

import java.util.HashSet;
import java.util.Set;

import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceProperties;

/**
 * The sequences the ID server serves: those configured under {@code idgen.sequences} and
 * the default sequence, whatever {@code idgen.unknown-sequences} says, so that no URL
 * creates a counter. Also tells which of them are formatted and obfuscated.
 */
class ServedSequences {

	/**
	 * The {@code sequence} tag of the requests for a name the server does not serve.
	 */
	static final String OTHER = "other";

	private final Set<String> names = new HashSet<>();

	private final Set<String> formatted = new HashSet<>();

	private final Set<String> obfuscated = new HashSet<>();

	private final Set<String> cyclic = new HashSet<>();

	ServedSequences(IdGeneratorProperties properties) {
		this.names.add(properties.getDefaultSequence());
		properties.getSequences().forEach((name, sequence) -> add(name, sequence));
	}

	private void add(String name, SequenceProperties sequence) {
		this.names.add(name);
		if (sequence.isCycle()) {
			this.cyclic.add(name);
		}
		if (sequence.getFormat() != null) {
			this.formatted.add(name);
			if (sequence.isObfuscate()) {
				this.obfuscated.add(name);
			}
		}
	}

	/**
	 * Return the name if the server serves it.
	 * @param name the name from the request
	 * @return the name
	 * @throws ApiProblemException for {@link ApiProblem#UNKNOWN_SEQUENCE} if it does not
	 */
	String require(String name) {
		if (!this.names.contains(name)) {
			throw new ApiProblemException(ApiProblem.UNKNOWN_SEQUENCE,
					"This server serves no sequence " + SequenceNames.quote(name));
		}
		return name;
	}

	/**
	 * Return the name if the server serves it and its IDs are numbers, not formatted.
	 * @param name the name from the request
	 * @return the name
	 * @throws ApiProblemException for {@link ApiProblem#UNKNOWN_SEQUENCE} or
	 * {@link ApiProblem#NOT_NUMERIC}
	 */
	String requireNumeric(String name) {
		require(name);
		if (isFormatted(name)) {
			throw new ApiProblemException(ApiProblem.NOT_NUMERIC,
					"Sequence " + SequenceNames.quote(name) + " is formatted: draw its numbers from /formatted");
		}
		return name;
	}

	boolean isCyclic(String name) {
		return this.cyclic.contains(name);
	}

	boolean isFormatted(String name) {
		return this.formatted.contains(name);
	}

	boolean isObfuscated(String name) {
		return this.obfuscated.contains(name);
	}

	/**
	 * Return the {@code sequence} tag of a request's meter: the name if the server serves
	 * it, {@value #OTHER} otherwise, so that callers cannot add tags.
	 * @param name the name from the request, or {@code null}
	 * @return the tag
	 */
	String tag(String name) {
		return (name != null && this.names.contains(name)) ? name : OTHER;
	}

}
