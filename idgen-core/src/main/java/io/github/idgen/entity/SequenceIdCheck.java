package io.github.idgen.entity;

/**
 * Checks, at startup, that the sequence an identifier marked {@link SequenceId} draws
 * from can number it: for example that it exists, never repeats an ID, and has a text
 * form for a {@code String} identifier. The starter supplies one built from the idgen
 * configuration.
 */
@FunctionalInterface
public interface SequenceIdCheck {

	/**
	 * Fail unless the identifier's sequence can number it.
	 * @param property the identifier
	 * @throws RuntimeException naming the entity, the identifier and the fix
	 */
	void check(SequenceIdProperty property);

}
