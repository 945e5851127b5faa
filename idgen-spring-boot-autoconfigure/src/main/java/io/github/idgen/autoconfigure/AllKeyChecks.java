package io.github.idgen.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.KeyCheckStore;

/**
 * The key check values kept in each of several stores, such as the databases of a striped
 * backend. The first store decides: every instance records there first, so that of two
 * instances with different values exactly one gets its own back, and a store that must
 * answer is the first one only. The value is then copied to the other stores, which an
 * instance refused by the first store never writes to; a store after the first that does
 * not answer is skipped (it gets the value from the next instance that checks while it
 * answers), and one that holds another value refuses this instance too, such as after a
 * re-striping that changed the first store.
 */
public final class AllKeyChecks implements KeyCheckStore {

	private final List<KeyCheckStore> stores;

	/**
	 * Create the key checks of several stores.
	 * @param stores the stores, at least one, in the same order on every instance
	 */
	public AllKeyChecks(List<KeyCheckStore> stores) {
		if (stores.isEmpty()) {
			throw new IllegalArgumentException("At least one store is needed");
		}
		this.stores = List.copyOf(stores);
	}

	@Override
	public long recordIfAbsent(String counter, String scope, long check) {
		long decided = this.stores.get(0).recordIfAbsent(counter, scope, check);
		if (decided != check) {
			return decided;
		}
		for (KeyCheckStore copy : this.stores.subList(1, this.stores.size())) {
			try {
				long recorded = copy.recordIfAbsent(counter, scope, check);
				if (recorded != check) {
					return recorded;
				}
			}
			catch (BackendUnavailableException ex) {
				// the first store decided; this one gets the value when it answers again
			}
		}
		return check;
	}

	@Override
	public String describe(String counter, String scope) {
		return this.stores.stream().map((store) -> store.describe(counter, scope)).collect(Collectors.joining(" and "));
	}

}
