package io.github.idgen.autoconfigure;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Checks at startup that a backend can serve a configured sequence as its settings
 * describe, such as a bounded or cyclic one.
 */
@FunctionalInterface
public interface SequenceSettingsCheck {

	/**
	 * A check that accepts every sequence.
	 */
	SequenceSettingsCheck NONE = (name, sequence) -> {
	};

	/**
	 * Check the settings of a sequence the backend is to serve.
	 * @param name the sequence name, as under {@code idgen.sequences}
	 * @param sequence its settings
	 * @throws IdGeneratorConfigurationException naming the property to change if the
	 * backend cannot serve the sequence so
	 */
	void check(String name, SequenceProperties sequence);

}
