package io.github.idgen.segment.striped;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.BackendUnavailableException;

/**
 * Takes what a store's records, read just now, say about it (see {@link StripeReading}):
 * keeps or adopts the layout the store hands out under, or marks the store mismatched or
 * retired and throws. Used after every reservation, by every check and at startup.
 * <p>
 * The store must answer as the database it was when this instance first accepted it: its
 * identity is learned then and compared at every reading after, so that a store whose
 * address leads to another database (a DNS name pointed at another server) is never
 * served, whatever state that database records. Such a store is refused as unavailable,
 * and taken back once it answers as itself again.
 * <p>
 * The stores of one generation must record one list of stores for it (see
 * {@link StripeRecords#stores}): a store of another layout with as many stores (another
 * deployment's store, listed by mistake) records its own layout's list, and handing out
 * its stripe here would repeat the IDs that the store of that stripe in this layout hands
 * out. The first store accepted in a generation tells the list; a store that records
 * another is mismatched, and checked again in the background (see {@link StripeChecks})
 * until it records a layout this instance can use.
 * <p>
 * Thread-safe: {@link #lists} holds, per generation, the list of stores the first store
 * accepted in it records, set once with {@code putIfAbsent} by whichever fetch, check or
 * startup thread accepts it first; each {@link Stripe} documents its own state.
 */
final class StripeObserver {

	private static final Logger logger = LoggerFactory.getLogger(StripeObserver.class);

	private final List<Stripe> all;

	private final int count;

	private final int generation;

	private final ConcurrentMap<Integer, RecordedList> lists = new ConcurrentHashMap<>();

	/**
	 * Create the observer of a striped store's stores.
	 * @param all every store, those of the layout and the retired ones
	 * @param count the number of stores of the layout
	 * @param generation the configured generation
	 */
	StripeObserver(List<Stripe> all, int count, int generation) {
		this.all = List.copyOf(all);
		this.count = count;
		this.generation = generation;
	}

	/**
	 * Take what a reading of a store says.
	 * @param stripe the store
	 * @param reading its state and identity, read just now
	 * @throws StripeMismatchException if the store records a layout this instance must
	 * not use
	 * @throws BackendUnavailableException if the store is being re-striped, or answers as
	 * another database
	 */
	void observe(Stripe stripe, StripeReading reading) {
		Stripe.Verified verified = stripe.verified();
		StripeReading read = reading;
		if (verified != null && read.state() < verified.state()) {
			// another thread saw a newer state meanwhile: if it read after this one, the
			// state read here is stale, not gone back; read it again to tell
			read = stripe.records().read();
			verified = stripe.verified();
		}
		checkSameDatabase(stripe, read);
		long state = read.state();
		long known = (verified != null) ? verified.state() : 2L * this.generation;
		if (verified != null && state == known) {
			accept(stripe, read, verified.layout(), state);
			return;
		}
		if (state % 2 != 0) {
			throw new BackendUnavailableException(
					"Store '" + stripe.name() + "' is being re-striped to generation " + ((state + 1) / 2));
		}
		if (state < known) {
			String problem = (verified != null)
					? "Store '" + stripe.name() + "' went back from generation " + (known / 2) + " to " + (state / 2)
							+ " of the stripe layout: its records were lost or restored from an older backup, so its "
							+ "counters cannot be trusted. Re-stripe with a higher generation"
					: "Store '" + stripe.name() + "' records generation " + (state / 2)
							+ " of the stripe layout, older than the configured generation " + this.generation
							+ ": a re-striping did not reach it. Restart an instance with every store reachable";
			throw mismatched(stripe, problem);
		}
		StripeLayout layout = stripe.records().layout((int) (state / 2));
		if (layout == null) {
			throw mismatched(stripe, "Store '" + stripe.name() + "' announces generation " + (state / 2)
					+ " of the stripe layout but does not record it");
		}
		if (verified == null && state == known && !isConfigured(stripe, layout)) {
			throw mismatched(stripe,
					"Store '" + stripe.name() + "' is " + StripeRecords.describe(layout) + " in generation "
							+ layout.generation() + ", but this application lists it as "
							+ ((stripe.configuredIndex() == StripeLayout.RETIRED) ? "retired"
									: "stripe " + stripe.configuredIndex() + " of " + this.count)
							+ ". List the stores in the same order as the instances that set up generation "
							+ layout.generation() + ", or raise the generation to re-stripe");
		}
		if (layout.retired()) {
			learnIdentity(stripe, read);
			stripe.retired(layout, state);
			if (stripe.configuredIndex() == StripeLayout.RETIRED) {
				return;
			}
			throw new StripeMismatchException("Store '" + stripe.name() + "' was retired from the stripe layout in "
					+ "generation " + layout.generation());
		}
		checkSameList(stripe, layout.generation());
		if (verified != null) {
			logger.info("Store '{}' moved to generation {} of the stripe layout: {}", stripe.name(),
					layout.generation(), layout.describe());
		}
		accept(stripe, read, layout, state);
	}

	/**
	 * Refuse a store that records another list of stores for a generation than the first
	 * store this instance accepted in it.
	 */
	private void checkSameList(Stripe stripe, int generation) {
		OptionalLong recorded = stripe.records().stores(generation);
		if (recorded.isEmpty()) {
			return;
		}
		RecordedList first = this.lists.putIfAbsent(generation, new RecordedList(recorded.getAsLong(), stripe.name()));
		if (first != null && first.digest() != recorded.getAsLong()) {
			throw mismatched(stripe, "Store '" + stripe.name() + "' records generation " + generation
					+ " of the stripe layout as set up with another list of stores than store '" + first.store()
					+ "' does: one of them belongs to another layout with as many stores (such as another "
					+ "deployment's store listed by mistake), whose stripe the stores of its own layout hand out too. "
					+ "List the stores that the instances of generation " + generation + " list");
		}
	}

	private static StripeMismatchException mismatched(Stripe stripe, String problem) {
		stripe.mismatched(problem);
		return new StripeMismatchException(problem);
	}

	private boolean isConfigured(Stripe stripe, StripeLayout layout) {
		if (stripe.configuredIndex() == StripeLayout.RETIRED) {
			return layout.retired();
		}
		return layout.index() == stripe.configuredIndex() && layout.count() == this.count;
	}

	private void accept(Stripe stripe, StripeReading read, StripeLayout layout, long state) {
		learnIdentity(stripe, read);
		stripe.up(layout, state);
	}

	/**
	 * Refuse a store that answers as another database than the one this instance
	 * accepted: with another identity, or without one while it records a state.
	 */
	private static void checkSameDatabase(Stripe stripe, StripeReading read) {
		long known = stripe.identity();
		if (known == 0) {
			return;
		}
		if (read.identity().isEmpty() ? read.state() != 0 : read.identity().getAsLong() != known) {
			throw new BackendUnavailableException("Store '" + stripe.name() + "' answers as another database than "
					+ "before ("
					+ (read.identity().isEmpty() ? "without an identity" : "identity " + read.identity().getAsLong())
					+ " instead of " + known + "): its address leads elsewhere, such as a DNS name pointed at another "
					+ "server. It is not used until it answers as itself again");
		}
	}

	/**
	 * Learn the identity of a store accepted for the first time (giving a store without
	 * one its identity), refusing one that answers as another store of this instance.
	 */
	private void learnIdentity(Stripe stripe, StripeReading read) {
		if (stripe.identity() != 0) {
			return;
		}
		long identity = read.identity().isPresent() ? read.identity().getAsLong() : stripe.records().storeId();
		for (Stripe other : this.all) {
			if (other != stripe && other.identity() == identity) {
				throw new BackendUnavailableException("Store '" + stripe.name() + "' answers as store '" + other.name()
						+ "' (with its identity): its address leads to the database of '" + other.name()
						+ "', listed twice or reached through an address pointed at it. It is not used until it "
						+ "answers as itself");
			}
		}
		stripe.learnIdentity(identity);
	}

	/**
	 * The list of stores a generation records, and the store it was read from.
	 *
	 * @param digest the digest of the identities of the stores, in order
	 * @param store the name of the store
	 */
	private record RecordedList(long digest, String store) {

	}

}
