package io.github.idgen;

/**
 * Creates the {@link Sequence} that serves a sequence name. A {@link DefaultIdGenerator}
 * calls it once per name, on first use.
 */
@FunctionalInterface
public interface SequenceFactory {

	/**
	 * Create the sequence of the given name.
	 * @param name a valid sequence name
	 * @return the sequence
	 */
	Sequence create(String name);

	/**
	 * Check that this factory can serve a sequence of the given name, before anything is
	 * created for it: a {@link DefaultIdGenerator} calls it for every name it has not
	 * served yet, so that a name no backend can serve costs no row, key, buffer or
	 * thread. The default accepts the names {@link SequenceNames#validate(String)}
	 * accepts; a backend with further rules adds them.
	 * @param name the name a caller asked for, possibly {@code null}
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name cannot be served, naming the rule it
	 * breaks
	 */
	default String validateName(String name) {
		return SequenceNames.validate(name);
	}

}
