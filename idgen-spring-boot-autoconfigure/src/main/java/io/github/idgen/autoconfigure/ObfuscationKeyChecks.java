package io.github.idgen.autoconfigure;

import java.util.Locale;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerator;
import io.github.idgen.PermutationMismatchException;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.format.PeriodicSequence;

/**
 * Checks at startup that every obfuscated sequence writes the current period with the key
 * and permutation of the instances that share its store
 * ({@link PeriodicSequence#checkPermutation()}): records them in the backend's store of
 * key check values if none are recorded, and fails, naming the key's or the permutation's
 * property, if others are. The sequence checks again before the first number of every
 * later period. With {@code idgen.fail-fast} off, a store that does not answer defers the
 * check to the sequence's first number. A backend without a store of key check values
 * (snowflake) is not checked.
 */
class ObfuscationKeyChecks implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(ObfuscationKeyChecks.class);

	private static final String SHARED_KEY = "idgen.obfuscation.key";

	private final IdGeneratorProperties properties;

	private final ObjectProvider<IdGenerator> generator;

	ObfuscationKeyChecks(IdGeneratorProperties properties, ObjectProvider<IdGenerator> generator) {
		this.properties = properties;
		this.generator = generator;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (!(this.generator.getIfUnique() instanceof DefaultIdGenerator generator)) {
			return;
		}
		this.properties.getSequences().forEach((name, sequence) -> {
			if (sequence.isObfuscate() && generator.sequence(name) instanceof PeriodicSequence periodic) {
				check(name, sequence, periodic);
			}
		});
	}

	private void check(String name, SequenceProperties sequence, PeriodicSequence periodic) {
		try {
			periodic.checkPermutation();
		}
		catch (PermutationMismatchException ex) {
			throw mismatch(name, sequence, ex);
		}
		catch (BackendUnavailableException ex) {
			if (this.properties.isFailFast()) {
				throw ex;
			}
			logger.warn("Could not check the key and permutation of obfuscated sequence '" + name
					+ "' at startup; it checks them before its first number: " + ex.getMessage());
		}
	}

	private IdGeneratorConfigurationException mismatch(String name, SequenceProperties sequence,
			PermutationMismatchException ex) {
		String prefix = "idgen.sequences." + name + ".";
		if (!ex.isKeyDifferent()) {
			String property = prefix + "permutation";
			return new IdGeneratorConfigurationException(property, lowerCase(sequence.getPermutation()),
					property + " is not the permutation that the current period of sequence '" + name
							+ "' is written with in its store: " + ex.getMessage() + ".",
					"Set " + property + " (and " + prefix + "per-period-from) as on the other instances; to switch "
							+ "to the per-period permutation, set " + prefix + "per-period-from on every instance "
							+ "to a day after the last instance of the fixed permutation stops "
							+ "(see the README, Obfuscated numbers).");
		}
		String keyProperty = (sequence.getKey() != null) ? prefix + "key" : SHARED_KEY;
		return new IdGeneratorConfigurationException(keyProperty, ObfuscationKey.HIDDEN,
				keyProperty + " is not the key that the current period of sequence '" + name
						+ "' is obfuscated with in its store: " + ex.getMessage() + ".",
				"Set " + keyProperty + " to the key of the other instances. To change the key, switch every "
						+ "instance at a period boundary, or with a new version digit in the format "
						+ "(see the README, Rotate a key).");
	}

	private static String lowerCase(Enum<?> value) {
		return (value != null) ? value.name().toLowerCase(Locale.ROOT).replace('_', '-') : null;
	}

}
