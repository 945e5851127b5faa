package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.HashSet;
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
 * have opened it in stores this one does not list. A generation records, with each
 * store's stripe, the list of its stores (a digest of their identities, in order,
 * recorded before the stripe): each list a store of the re-striping records is covered if
 * every store the digest names is among the stores of the re-striping, by identity,
 * whichever of them record it (a re-striping that stopped half-way, or lost the race to
 * its generation, recorded its list in some of its stores only). So a store that records
 * a stripe of the generation but is not the store it was set up with (another
 * deployment's store) does not stand in for it. A stripe recorded without a list (by a
 * version that recorded none) is covered if the stores listed hold each stripe of its
 * generation.
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
		Set<Long> identities = new HashSet<>();
		snapshots.forEach((snapshot) -> snapshot.identity().ifPresent(identities::add));
		for (int old : generations(snapshots)) {
			checkStripesWithoutList(old, snapshots);
			for (long stores : recordedLists(old, snapshots)) {
				checkList(old, stores, snapshots, identities);
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
	 * Check that every stripe of a generation is held by a store listed where a store
	 * records a stripe of it without a list of stores.
	 */
	private void checkStripesWithoutList(int old, List<StripeSnapshot> snapshots) {
		Map<Integer, Set<Integer>> indexesByCount = new TreeMap<>();
		Set<Integer> countsWithoutList = new TreeSet<>();
		for (StripeSnapshot snapshot : snapshots) {
			StripeLayout layout = snapshot.layouts().get(old);
			if (layout != null) {
				Set<Integer> indexes = indexesByCount.computeIfAbsent(layout.count(), (count) -> new TreeSet<>());
				if (!layout.retired()) {
					indexes.add(layout.index());
				}
				if (!snapshot.stores().containsKey(old)) {
					countsWithoutList.add(layout.count());
				}
			}
		}
		for (int count : countsWithoutList) {
			List<Integer> missing = missing(count, indexesByCount.get(count));
			if (!missing.isEmpty()) {
				throw new BackendMisconfiguredException("Cannot re-stripe to generation " + this.generation + ": "
						+ neitherListedNorRetired(old, count, missing) + ". " + LEFT_OUT);
			}
		}
	}

	private static String neitherListedNorRetired(int old, int count, List<Integer> missing) {
		return "generation " + old + " has " + count + " stores, but stripe(s) " + missing
				+ " of it are neither among the stores nor among the retired stores";
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
	 * Check that every store a list of stores of a generation names is among the stores
	 * of the re-striping, by identity; the stores that record the list with their stripe
	 * tell where they likely stand in it, and, if it is not covered, which stripes the
	 * stores listed lack.
	 */
	private void checkList(int old, long stores, List<StripeSnapshot> snapshots, Set<Long> identities) {
		Map<Integer, Map<Integer, Long>> positions = new TreeMap<>();
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
				snapshot.identity()
					.ifPresent((identity) -> positions.computeIfAbsent(layout.count(), (size) -> new TreeMap<>())
						.put(layout.index(), identity));
			}
			else {
				others.computeIfAbsent(layout.index(), (index) -> new ArrayList<>()).add(snapshot.name());
			}
		}
		if (StoresDigest.namesOnly(stores, identities, positions)) {
			return;
		}
		List<Integer> missing = missing(count, byIndex.keySet());
		List<String> setUp = byIndex.values().stream().map((snapshot) -> "'" + snapshot.name() + "'").toList();
		StringBuilder message = new StringBuilder("Cannot re-stripe to generation " + this.generation + ": store(s) "
				+ setUp + " record generation " + old + " as set up with a list of stores that are not all among "
				+ "the stores listed here or retired, by identity");
		if (!missing.isEmpty()) {
			message.append("; ").append(neitherListedNorRetired(old, count, missing));
			for (int index : missing) {
				if (others.containsKey(index)) {
					message.append("; ")
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
		}
		else {
			message.append(": the identity of a store listed is not the one its stripe had");
		}
		throw new BackendMisconfiguredException(message + ". " + LEFT_OUT);
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
