package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.format.KeyCheckValue;
import io.github.idgen.segment.KeyCheckStore;

/**
 * Checks at startup that every obfuscated sequence is permuted with the key that the
 * other instances sharing its store use: records the key check value of the sequence's
 * key ({@link KeyCheckValue}) in its backend's store if none is recorded, and fails,
 * naming the key's property, if another one is. A backend without a store of key check
 * values (snowflake) is not checked.
 */
class ObfuscationKeyChecks implements SmartInitializingSingleton {

	private static final String SHARED_KEY = "idgen.obfuscation.key";

	private final IdGeneratorProperties properties;

	private final ObjectProvider<SequenceRouting> routing;

	private final ObjectProvider<BackendKeyChecks> stores;

	ObfuscationKeyChecks(IdGeneratorProperties properties, ObjectProvider<SequenceRouting> routing,
			ObjectProvider<BackendKeyChecks> stores) {
		this.properties = properties;
		this.routing = routing;
		this.stores = stores;
	}

	@Override
	public void afterSingletonsInstantiated() {
		SequenceRouting routing = this.routing.getIfAvailable();
		if (routing == null) {
			return;
		}
		Map<Backend, KeyCheckStore> byBackend = this.stores.orderedStream()
			.collect(Collectors.toMap(BackendKeyChecks::backend, BackendKeyChecks::store, (first, second) -> first));
		this.properties.getSequences().forEach((name, sequence) -> {
			if (sequence.isObfuscate()) {
				KeyCheckStore store = byBackend.get(routing.backendOf(name));
				if (store != null) {
					check(name, sequence, store);
				}
			}
		});
	}

	private void check(String name, SequenceProperties sequence, KeyCheckStore store) {
		String keyProperty = (sequence.getKey() != null) ? "idgen.sequences." + name + ".key" : SHARED_KEY;
		String key = (sequence.getKey() != null) ? sequence.getKey() : this.properties.getObfuscation().getKey();
		byte[] bytes = ObfuscationKey.decode(keyProperty, key);
		long check;
		try {
			check = KeyCheckValue.of(bytes, name);
		}
		finally {
			Arrays.fill(bytes, (byte) 0);
		}
		long recorded = store.recordIfAbsent(name, check);
		if (recorded != check) {
			throw new IdGeneratorConfigurationException(keyProperty, ObfuscationKey.HIDDEN,
					keyProperty + " is not the key that sequence '" + name + "' is obfuscated with in its store: the "
							+ "key check value recorded there (" + store.describe(name) + ") was made with another "
							+ "key, and two keys write the same numbers for different counters.",
					"Set " + keyProperty + " to the key of the other instances. To change the key deliberately, "
							+ "switch every instance at a period boundary or with a new version digit in the "
							+ "format, and delete " + store.describe(name)
							+ " while none runs with the old key (see the README, Rotate a key).");
		}
	}

}
