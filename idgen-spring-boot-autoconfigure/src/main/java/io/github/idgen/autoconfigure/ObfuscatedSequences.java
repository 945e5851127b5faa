package io.github.idgen.autoconfigure;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import io.github.idgen.format.ResetPeriod;

/**
 * Tells whether a sequence, or a period counter such as {@code order@20261121}, belongs
 * to a sequence configured with {@code idgen.sequences.<name>.obfuscate=true}: one whose
 * counts the endpoint and the meters do not show unless asked to.
 */
public final class ObfuscatedSequences implements Predicate<String> {

	private final Set<String> names = new TreeSet<>();

	/**
	 * Create the predicate of the configured sequences.
	 * @param properties the bound idgen properties
	 */
	public ObfuscatedSequences(IdGeneratorProperties properties) {
		properties.getSequences().forEach((name, sequence) -> {
			if (sequence.isObfuscate()) {
				this.names.add(name);
			}
		});
	}

	/**
	 * Return whether the sequence or period counter belongs to an obfuscated sequence.
	 * @param name a sequence or period counter name
	 * @return whether its sequence is obfuscated
	 */
	@Override
	public boolean test(String name) {
		return this.names.contains(name) || this.names.contains(ResetPeriod.sequenceOf(name));
	}

	/**
	 * Return whether no sequence is obfuscated.
	 * @return whether none is
	 */
	public boolean isEmpty() {
		return this.names.isEmpty();
	}

}
