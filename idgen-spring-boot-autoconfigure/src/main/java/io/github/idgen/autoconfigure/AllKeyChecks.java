package io.github.idgen.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;

import io.github.idgen.segment.KeyCheckStore;

/**
 * The key check values kept in each of several stores, such as the databases of a striped
 * backend: recorded in each, and the first recorded value that is not this instance's
 * returned, so that a mismatch in any store is found.
 */
public final class AllKeyChecks implements KeyCheckStore {

	private final List<KeyCheckStore> stores;

	/**
	 * Create the key checks of several stores.
	 * @param stores the stores, at least one
	 */
	public AllKeyChecks(List<KeyCheckStore> stores) {
		this.stores = List.copyOf(stores);
	}

	@Override
	public long recordIfAbsent(String counter, String scope, long check) {
		long found = check;
		for (KeyCheckStore store : this.stores) {
			long recorded = store.recordIfAbsent(counter, scope, check);
			found = (found == check) ? recorded : found;
		}
		return found;
	}

	@Override
	public String describe(String counter, String scope) {
		return this.stores.stream().map((store) -> store.describe(counter, scope)).collect(Collectors.joining(" and "));
	}

}
