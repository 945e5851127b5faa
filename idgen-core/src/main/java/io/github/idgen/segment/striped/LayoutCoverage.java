package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.github.idgen.BackendMisconfiguredException;

/**
 * The check that a re-striping has every store of the old generations, so that it closes
 * them all: a store of an old generation left out could go on handing out IDs of its old
 * stripe, which a store of the new layout hands out too.
 * <p>
 * The generations checked are, in each store of the re-striping, the last one in force or
 * closed (see {@link StripeSnapshot#lastInForce()}) and every later one recorded below
 * the new generation: such a generation was prepared by another re-striping, which may
 * have opened it in stores this one does not list. A generation is covered if the stores
 * listed hold each of its stripes and, where the generation records the list of its
 * stores (a digest of their identities, in order), if the stores that record that list
 * hold each of its stripes and their identities give that digest: a store that records a
 * stripe of the generation but is not the store it was set up with (another deployment's
 * store) does not stand in for it.
 * <p>
 * Stateless.
 */
final class LayoutCoverage {

	private static final String LEFT_OUT = "A store left out could go on handing out IDs in its old stripe: list it "
			+ "among the retired stores while re-striping, so that it is closed";

	private final int generation;

	/**
	 * Create the check of a re-striping.
	 * @param generation the generation it re-stripes to
	 */
	LayoutCoverage(int generation) {
		this.generation = generation;
	}

	/**
	 * Check that the stores of a re-striping cover every old generation they record.
	 * @param snapshots a snapshot of every store of the re-striping, listed or retired
	 * @throws BackendMisconfiguredException if a generation is not covered
	 */
	void check(List<StripeSnapshot> snapshots) {
		for (int old : generations(snapshots)) {
			checkStripes(old, snapshots);
			for (long stores : recordedLists(old, snapshots)) {
				checkList(old, stores, snapshots);
			}
		}
	}

	private Set<Integer> generations(List<StripeSnapshot> snapshots) {
		Set<Integer> generations = new TreeSet<>();
		for (StripeSnapshot snapshot : snapshots) {
			StripeLayout last = snapshot.lastInForce();
			if (last != null) {
				generations.add(last.generation());
			}
			snapshot.layouts()
				.keySet()
				.stream()
				.filter((prepared) -> prepared > snapshot.state() / 2 && prepared < this.generation)
				.forEach(generations::add);
		}
		return generations;
	}

	/**
	 * Check that every stripe of a generation is held by a store listed, whatever list of
	 * stores the generation was set up with.
	 */
	private void checkStripes(int old, List<StripeSnapshot> snapshots) {
		Map<Integer, Set<Integer>> indexesByCount = new TreeMap<>();
		for (StripeSnapshot snapshot : snapshots) {
			StripeLayout layout = snapshot.layouts().get(old);
			if (layout != null) {
				Set<Integer> indexes = indexesByCount.computeIfAbsent(layout.count(), (count) -> new TreeSet<>());
				if (!layout.retired()) {
					indexes.add(layout.index());
				}
			}
		}
		indexesByCount.forEach((count, indexes) -> {
			List<Integer> missing = missing(count, indexes);
			if (!missing.isEmpty()) {
				throw new BackendMisconfiguredException("Cannot re-stripe to generation " + this.generation
						+ ": generation " + old + " has " + count + " stores, but stripe(s) " + missing
						+ " of it are neither among the stores nor among the retired stores. " + LEFT_OUT);
			}
		});
	}

	private static List<Long> recordedLists(int old, List<StripeSnapshot> snapshots) {
		return snapshots.stream()
			.filter((snapshot) -> snapshot.layouts().containsKey(old) && !snapshot.layouts().get(old).retired()
					&& snapshot.stores().containsKey(old))
			.map((snapshot) -> snapshot.stores().get(old))
			.distinct()
			.toList();
	}

	/**
	 * Check that the stores that record a generation as set up with a list of stores are
	 * that list: one for each of its stripes, with the identities it was set up with.
	 */
	private void checkList(int old, long stores, List<StripeSnapshot> snapshots) {
		Map<Integer, StripeSnapshot> byIndex = new TreeMap<>();
		Map<Integer, List<String>> others = new LinkedHashMap<>();
		int count = 0;
		for (StripeSnapshot snapshot : snapshots) {
			StripeLayout layout = snapshot.layouts().get(old);
			if (layout == null || layout.retired()) {
				continue;
			}
			Long recorded = snapshot.stores().get(old);
			if (recorded != null && recorded == stores) {
				byIndex.put(layout.index(), snapshot);
				count = layout.count();
			}
			else {
				others.computeIfAbsent(layout.index(), (index) -> new ArrayList<>()).add(snapshot.name());
			}
		}
		List<Integer> missing = missing(count, byIndex.keySet());
		List<String> setUp = byIndex.values().stream().map((snapshot) -> "'" + snapshot.name() + "'").toList();
		if (!missing.isEmpty()) {
			StringBuilder standIns = new StringBuilder();
			for (int index : missing) {
				if (others.containsKey(index)) {
					standIns.append("; ")
						.append(others.get(index).stream().map((name) -> "'" + name + "'").toList())
						.append(" record(s) stripe ")
						.append(index)
						.append(" of generation ")
						.append(old)
						.append(" too, but of another list of stores: a store of another layout, not the one "
								+ "generation ")
						.append(old)
						.append(" was set up with");
				}
			}
			throw new BackendMisconfiguredException("Cannot re-stripe to generation " + this.generation + ": store(s) "
					+ setUp + " record generation " + old + " as set up with " + count + " stores, and stripe(s) "
					+ missing + " of it are none of the stores listed here" + standIns + ". " + LEFT_OUT);
		}
		long digest = count;
		for (StripeSnapshot snapshot : byIndex.values()) {
			if (snapshot.identity().isEmpty()) {
				return;
			}
			digest = 31 * digest + snapshot.identity().getAsLong();
		}
		if (digest != stores) {
			throw new BackendMisconfiguredException("Cannot re-stripe to generation " + this.generation + ": store(s) "
					+ setUp + " record generation " + old + " as set up with other stores than they are: the "
					+ "identity of a store listed is not the one its stripe had. " + LEFT_OUT);
		}
	}

	private static List<Integer> missing(int count, Set<Integer> indexes) {
		List<Integer> missing = new ArrayList<>();
		for (int index = 0; index < count; index++) {
			if (!indexes.contains(index)) {
				missing.add(index);
			}
		}
		return missing;
	}

}
