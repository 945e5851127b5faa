package io.github.idgen.segment.striped;

import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

import io.github.idgen.BackendMisconfiguredException;

/**
 * Everything one store holds, read at once with {@link StripeStore#readAll()}: its
 * counters and its records (see {@link StripeRecords}), for a re-striping, which needs
 * every counter and the layouts of several generations, without reading them one by one.
 * A generation the store records with a list of stores that can never open (recorded as
 * abandoned by the re-striping that lost to another list) counts as not recorded: the
 * store never served under it, and no store can.
 *
 * @param name the store's name
 * @param state the state of the store, 0 if it records none
 * @param identity the identity of the store, empty if it records none
 * @param layouts the layout of each generation the store records completely, by
 * generation
 * @param stores the digest of the list of stores of each generation the store records one
 * for, by generation
 * @param counters every counter that is no record, by name
 */
record StripeSnapshot(String name, long state, OptionalLong identity, Map<Integer, StripeLayout> layouts,
		Map<Integer, Long> stores, Map<String, Long> counters) {

	/**
	 * Take a snapshot of every counter of a store.
	 * @param name the store's name, for messages
	 * @param all every counter of the store, as {@link StripeStore#readAll()} returns
	 * them
	 * @return the snapshot
	 * @throws BackendMisconfiguredException if the store records a layout that is no
	 * layout
	 */
	static StripeSnapshot of(String name, Map<String, Long> all) {
		long state = 0;
		OptionalLong identity = OptionalLong.empty();
		Map<Integer, Long> counts = new TreeMap<>();
		Map<Integer, Long> indexes = new TreeMap<>();
		Map<Integer, Long> stores = new TreeMap<>();
		Map<Integer, Long> abandoned = new TreeMap<>();
		Map<String, Long> counters = new TreeMap<>();
		for (Map.Entry<String, Long> counter : all.entrySet()) {
			String key = counter.getKey();
			long value = counter.getValue();
			if (!StripeRecords.isRecord(key)) {
				counters.put(key, value);
			}
			else if (key.equals(StripeRecords.STATE)) {
				state = value;
			}
			else if (key.equals(StripeRecords.STORE_ID)) {
				identity = OptionalLong.of(value);
			}
			else {
				StripeRecords.Field field = StripeRecords.Field.of(key);
				if (field != null) {
					switch (field.name()) {
						case "count" -> counts.put(field.generation(), value);
						case "index" -> indexes.put(field.generation(), value);
						case "stores" -> stores.put(field.generation(), value);
						case "abandoned" -> abandoned.put(field.generation(), value);
						default -> {
						}
					}
				}
			}
		}
		abandoned.forEach((generation, list) -> {
			if (list.equals(stores.get(generation))) {
				stores.remove(generation);
				counts.remove(generation);
			}
		});
		Map<Integer, StripeLayout> layouts = new TreeMap<>();
		counts.forEach((generation, count) -> {
			Long index = indexes.get(generation);
			if (index != null) {
				layouts.put(generation, StripeRecords.layout(name, generation, count, index));
			}
		});
		return new StripeSnapshot(name, state, identity, layouts, stores, counters);
	}

	/**
	 * Return the latest generation recorded at or below the one the state announces or
	 * closed: the generation in force in the store, or, once a re-striping closed it, the
	 * one it closed (or, if a re-striping closed the store again without recording its
	 * own generation, the latest recorded before). {@code null} for a store that never
	 * was a stripe.
	 * @return the layout, or {@code null}
	 */
	StripeLayout lastInForce() {
		int announced = (int) (this.state / 2);
		return this.layouts.entrySet()
			.stream()
			.filter((layout) -> layout.getKey() <= announced)
			.reduce((first, second) -> second)
			.map(Map.Entry::getValue)
			.orElse(null);
	}

}
