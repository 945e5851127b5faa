package io.github.idgen;

/**
 * Creates the {@link Sequence} that serves a sequence name. A
 * {@link DefaultIdGenerator} calls it once per name, on first use.
 */
@FunctionalInterface
public interface SequenceFactory {

	/**
	 * Create the sequence of the given name.
	 * @param name a valid sequence name
	 * @return the sequence
	 */
	Sequence create(String name);

}
