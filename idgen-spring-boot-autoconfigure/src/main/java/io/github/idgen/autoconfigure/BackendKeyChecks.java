package io.github.idgen.autoconfigure;

import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.idgen.segment.KeyCheckStore;

/**
 * Where a backend keeps the key check values of the obfuscated sequences it serves.
 *
 * @param backend the backend
 * @param store the store of the key check values, next to the backend's counters
 */
public record BackendKeyChecks(Backend backend, KeyCheckStore store) {

	/**
	 * Return the store of each backend, the first one of a backend if there are several.
	 * @param checks the key checks of the backends, in order
	 * @return the store of each backend that has one
	 */
	static Map<Backend, KeyCheckStore> byBackend(Stream<BackendKeyChecks> checks) {
		return checks
			.collect(Collectors.toMap(BackendKeyChecks::backend, BackendKeyChecks::store, (first, second) -> first));
	}

}
