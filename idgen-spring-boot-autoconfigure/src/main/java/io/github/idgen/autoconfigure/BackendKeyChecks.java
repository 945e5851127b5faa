package io.github.idgen.autoconfigure;

import io.github.idgen.segment.KeyCheckStore;

/**
 * Where a backend keeps the key check values of the obfuscated sequences it serves.
 *
 * @param backend the backend
 * @param store the store of the key check values, next to the backend's counters
 */
public record BackendKeyChecks(Backend backend, KeyCheckStore store) {

}
