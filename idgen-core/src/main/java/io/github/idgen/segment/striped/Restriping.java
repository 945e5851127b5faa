package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceNames;

/**
 * One re-striping of a {@link StripedSegmentStore} to a new generation of its layout, run
 * by {@link StripedSegmentStore#establish()} with every store of the old and the new
 * layout answering:
 * <ol>
 * <li>Every store gets an identity if it has none; two stores with one identity (one
 * database listed twice) are refused.</li>
 * <li>A snapshot of every store ({@link StripeStore#readAll()}): the old generations must
 * be covered ({@link LayoutCoverage}), and each counter of every store of the new layout
 * is raised to the highest value any store holds for it, while the stores still
 * serve.</li>
 * <li>Every store is closed: from then on nothing is handed out under an old
 * generation.</li>
 * <li>Another snapshot of every store: the coverage is checked again, since another
 * re-striping may have prepared a generation meanwhile in stores listed here and opened
 * it in stores that are not, and the counters are raised again, for what was reserved in
 * between.</li>
 * <li>The list of stores (a digest of their identities, in order, see
 * {@link StoresDigest}) and the layout are recorded in every store, the list first, so
 * that a store that records a stripe of the generation records the list it belongs
 * to.</li>
 * <li>Every store is read again: each must still be closed for this generation (or opened
 * for it by an instance that re-stripes alike) and record this list of stores, or nothing
 * is opened; a list that finds another recorded in one of its stores can never open, and
 * records so in its stores that record it, so that a later generation can take them
 * in.</li>
 * <li>Every store is opened; one that another re-striping moved on meanwhile stops this
 * one.</li>
 * </ol>
 * Two re-stripings to different generations that share a store cannot both open: one
 * opens a store only after finding every store still closed for its generation (step 6),
 * after it recorded its generation in them (step 5); the other closes every store before
 * its second snapshot (steps 3 and 4). So if the first opens anything, the second finds
 * its generation recorded in the shared stores, and refuses unless it has every store of
 * it; if the second closed a shared store first, the first opens nothing. A re-striping
 * that stops leaves the stores it closed closed.
 * <p>
 * Not thread-safe: run once, by the thread that establishes the striped store.
 */
final class Restriping {

	private static final Logger logger = LoggerFactory.getLogger(Restriping.class);

	private static final int MAX_RAISE_ATTEMPTS = 1000;

	private static final int MAX_STATE_ATTEMPTS = 10;

	private final List<Stripe> stripes;

	private final List<Stripe> retired;

	private final int generation;

	private final long target;

	/**
	 * Create the re-striping of a layout.
	 * @param stripes the stores of the new layout, in order
	 * @param retired the stores dropped from the layout
	 * @param generation the new generation
	 */
	Restriping(List<Stripe> stripes, List<Stripe> retired, int generation) {
		this.stripes = stripes;
		this.retired = retired;
		this.generation = generation;
		this.target = 2L * generation;
	}

	/**
	 * Re-stripe, or throw without having opened any store.
	 * @throws StripeMismatchException if a store moved to a newer generation meanwhile
	 * @throws BackendMisconfiguredException if the stores cannot be re-striped as given
	 * @throws BackendUnavailableException if a store failed
	 */
	void run() {
		List<Stripe> all = new ArrayList<>(this.stripes);
		all.addAll(this.retired);
		long stores = storesDigest(all);
		LayoutCoverage coverage = new LayoutCoverage(this.generation);
		Map<Stripe, StripeSnapshot> serving = snapshots(all);
		coverage.check(List.copyOf(serving.values()));
		raiseCounters(serving);
		for (Stripe stripe : all) {
			close(stripe);
		}
		Map<Stripe, StripeSnapshot> closed = snapshots(all);
		coverage.check(List.copyOf(closed.values()));
		int raised = raiseCounters(closed);
		int count = this.stripes.size();
		for (Stripe stripe : all) {
			stripe.records().recordStores(this.generation, stores);
			stripe.records().record(new StripeLayout(this.generation, count, stripe.configuredIndex()));
		}
		for (Stripe stripe : all) {
			checkStillClosed(stripe);
			checkSameStores(stripe, stores, all);
		}
		for (Stripe stripe : all) {
			open(stripe);
		}
		logger.info("Re-striped to generation {}: {} stores {}{}; {} counters raised while closed", this.generation,
				count, this.stripes.stream().map(Stripe::name).toList(),
				this.retired.isEmpty() ? "" : ", retired " + this.retired.stream().map(Stripe::name).toList(), raised);
	}

	/**
	 * Return a digest of the identities of the stores of the layout, in order, giving a
	 * store without one its identity; refuse a database listed twice.
	 */
	private long storesDigest(List<Stripe> all) {
		Map<Long, String> seen = new HashMap<>();
		List<Long> listed = new ArrayList<>();
		for (Stripe stripe : all) {
			long id = stripe.records().storeId();
			String other = seen.putIfAbsent(id, stripe.name());
			if (other != null) {
				throw new BackendMisconfiguredException("Stores '" + other + "' and '" + stripe.name()
						+ "' are one database: each store of a stripe layout must be a database of its own");
			}
			if (stripe.configuredIndex() != StripeLayout.RETIRED) {
				listed.add(id);
			}
		}
		return StoresDigest.of(listed);
	}

	private static Map<Stripe, StripeSnapshot> snapshots(List<Stripe> all) {
		Map<Stripe, StripeSnapshot> snapshots = new LinkedHashMap<>();
		for (Stripe stripe : all) {
			snapshots.put(stripe, stripe.records().snapshot());
		}
		return snapshots;
	}

	/**
	 * Raise each counter of every store of the layout to the highest value any of the
	 * stores holds for it, so that no store hands out again, in its new stripe, an ID
	 * that any store handed out in its old one.
	 * @return the number of counters raised
	 */
	private int raiseCounters(Map<Stripe, StripeSnapshot> snapshots) {
		Map<String, Long> highest = new HashMap<>();
		snapshots.values()
			.forEach((snapshot) -> snapshot.counters().forEach((name, value) -> highest.merge(name, value, Math::max)));
		int raised = 0;
		for (Map.Entry<Stripe, StripeSnapshot> store : snapshots.entrySet()) {
			if (store.getKey().configuredIndex() == StripeLayout.RETIRED) {
				continue;
			}
			Map<String, Long> counters = store.getValue().counters();
			for (Map.Entry<String, Long> counter : highest.entrySet()) {
				Long value = counters.get(counter.getKey());
				if (value == null || value < counter.getValue()) {
					raise(store.getKey(), counter.getKey(), counter.getValue());
					raised++;
				}
			}
		}
		return raised;
	}

	private static void raise(Stripe stripe, String counter, long value) {
		for (int attempt = 0; attempt < MAX_RAISE_ATTEMPTS; attempt++) {
			OptionalLong current = stripe.store().read(counter);
			if (current.isPresent() && current.getAsLong() >= value
					|| stripe.store().compareAndSet(counter, current, value)) {
				return;
			}
		}
		throw new BackendUnavailableException(
				"Could not raise the counter " + SequenceNames.quote(counter) + " of store '" + stripe.name() + "' to "
						+ value + ": it kept changing under " + MAX_RAISE_ATTEMPTS + " attempts");
	}

	private void close(Stripe stripe) {
		for (int attempt = 0; attempt < MAX_STATE_ATTEMPTS; attempt++) {
			long state = stripe.records().state();
			if (state > this.target) {
				throw newerGeneration(stripe.name(), state, this.generation);
			}
			if (state >= this.target - 1 || stripe.records().advance(state, this.target - 1)) {
				return;
			}
		}
		throw new BackendUnavailableException("Could not close the stripe layout of store '" + stripe.name()
				+ "': its state kept changing under " + MAX_STATE_ATTEMPTS + " attempts");
	}

	private void checkStillClosed(Stripe stripe) {
		long state = stripe.records().state();
		if (state > this.target) {
			throw newerGeneration(stripe.name(), state, this.generation);
		}
		if (state < this.target - 1) {
			throw new BackendUnavailableException("Store '" + stripe.name() + "' went back to state " + state
					+ " while it was re-striped to generation " + this.generation + ": its records were lost");
		}
	}

	/**
	 * Check that a store records this list of stores for the generation; if it records
	 * another, this list can never open (a store's list never changes, and every store of
	 * a list is checked before any opens), so record it as abandoned in the stores that
	 * record it, for later re-stripings to take them in.
	 */
	private void checkSameStores(Stripe stripe, long stores, List<Stripe> all) {
		if (stripe.records().stores(this.generation).orElse(stores) != stores) {
			BackendMisconfiguredException failure = new BackendMisconfiguredException(
					"Store '" + stripe.name() + "' records generation " + this.generation
							+ " of the stripe layout as set up with another list of stores than "
							+ this.stripes.stream().map(Stripe::name).toList()
							+ ": another instance re-striped to the same generation with other stores. Give every "
							+ "instance the same list of stores, or raise the generation");
			for (Stripe other : all) {
				try {
					if (other.records().stores(this.generation).orElse(stores + 1) == stores) {
						other.records().abandon(this.generation, stores);
					}
				}
				catch (BackendUnavailableException | BackendMisconfiguredException ex) {
					failure.addSuppressed(ex);
				}
			}
			throw failure;
		}
	}

	/**
	 * Open the new generation in a store, unless an instance that re-stripes alike did;
	 * refuse a store that another re-striping moved on meanwhile, so that nothing more is
	 * opened.
	 */
	private void open(Stripe stripe) {
		if (stripe.records().advance(this.target - 1, this.target)) {
			return;
		}
		long state = stripe.records().state();
		if (state > this.target) {
			throw newerGeneration(stripe.name(), state, this.generation);
		}
		if (state != this.target) {
			throw new BackendUnavailableException("Could not open generation " + this.generation
					+ " of the stripe layout in store '" + stripe.name() + "': its state is " + state);
		}
	}

	/**
	 * Return the failure of a store that records a newer generation than configured.
	 * @param name the store's name
	 * @param state its state
	 * @param generation the configured generation
	 * @return the failure
	 */
	static StripeMismatchException newerGeneration(String name, long state, int generation) {
		return new StripeMismatchException("Store '" + name + "' records generation " + ((state + 1) / 2)
				+ " of the stripe layout, newer than the configured generation " + generation
				+ ": this application's list of stores is out of date. Configure the stores and generation that the "
				+ "re-striping instances use");
	}

}
