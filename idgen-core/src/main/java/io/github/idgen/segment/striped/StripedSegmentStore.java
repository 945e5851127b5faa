package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.background.BackgroundScheduler;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link SegmentStore} over several independent stores, each handing out only the IDs
 * of its own stripe, so that IDs are served while at least one store answers.
 *
 * <h2>Stripes</h2> In generation {@code g} of the layout, with {@code n} stores, store
 * {@code k} hands out the IDs {@code x} with {@code x mod n == k} (see
 * {@link StripeLayout}): a segment of {@code step} IDs from it is every {@code n}-th ID
 * from its first, served by {@link io.github.idgen.segment.SegmentBuffer} at the cost of
 * one multiplication. Two stores can never hand out the same ID, whatever their counters
 * hold.
 *
 * <h2>Reserving</h2> Each store keeps, per sequence, the last ID it reserved (the same
 * counter its own segment store keeps). A reservation reads the counter and sets it, with
 * a compare-and-set, to the last ID of the segment {@code step} IDs long whose first ID
 * is the stripe's first above the counter and above the last ID this instance handed out
 * for the sequence. So IDs are monotonic within an instance whichever store serves it,
 * and a store whose counter lags is pulled along: the stores' counters never drift apart
 * by more than the instances' segments. A new counter starts at the sequence's start.
 * Fetches rotate over the stores. A store that fails is skipped at once (the next one is
 * tried), marked {@link StripeStatus#DOWN} and checked again in the background, after 50
 * ms doubling up to a second; while every store is down, each fetch tries them all, so
 * that the first to return serves at once.
 *
 * <h2>Changing the layout</h2> The layout is recorded in every store (see
 * {@link StripeRecords}) and {@link #establish()} compares it with the configured one at
 * startup. A configured generation above the recorded one re-stripes: it closes the old
 * generation in every store (from then on nothing is handed out under it), raises each
 * counter of every store of the new layout to the highest value any store holds for it
 * (once before closing, while the stores serve, and once after, for what was reserved in
 * between), records the new layout in every store and opens it. So every sequence goes on
 * above the IDs it had, and one that had none, such as the counter of a new day, starts
 * at its start. This needs every store of the old and the new layout; stores that leave
 * the layout are passed as retired. A claim counts only if the store's state, read after
 * it, still holds the value it held before: a claim that raced with a re-striping is
 * dropped (its IDs are lost, never handed out twice), and an instance still running with
 * the old layout moves to the new one. An instance configured with an older generation
 * than recorded fails at startup.
 *
 * <h2>Thread ownership</h2> The stores are called by fetch threads, the background checks
 * (at most one per store at a time and as many at once as there are stores, so that a
 * store that hangs holds up no other's checks; by default on daemon threads of their own
 * named {@code idgen-stripe-check-N}) and callers of {@link #establish()} and
 * {@link #checkAvailable()}; each {@link Stripe} documents its own state. {@link #floors}
 * holds, per sequence, the last ID handed out by this instance, raised atomically.
 * {@link #rotation} picks the store a fetch tries first.
 */
public final class StripedSegmentStore implements SegmentStore, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(StripedSegmentStore.class);

	private static final int MAX_CLAIM_ATTEMPTS = 1000;

	private static final int MAX_STATE_ATTEMPTS = 10;

	private final List<Stripe> stripes;

	private final List<Stripe> retired;

	private final int generation;

	private final ConcurrentMap<String, AtomicLong> floors = new ConcurrentHashMap<>();

	private final AtomicInteger rotation = new AtomicInteger();

	private final BackgroundScheduler probes;

	/**
	 * Create a striped store. Its layout is checked, and set up if need be, by
	 * {@link #establish()}; until then each store is checked before its first segment.
	 * @param stores the stores of the layout, in order: the {@code k}-th hands out the
	 * IDs {@code x mod n == k}; every instance lists them in the same order
	 * @param retired the stores dropped from the layout, needed to re-stripe without them
	 * @param generation the generation of the layout, at least 1; raise it by one to
	 * re-stripe after changing the stores
	 */
	public StripedSegmentStore(List<StripeMember> stores, List<StripeMember> retired, int generation) {
		this(stores, retired, generation, BackgroundThreads.daemon());
	}

	/**
	 * Create a striped store whose background checks of stores that are down run on the
	 * given background threads. Its layout is checked, and set up if need be, by
	 * {@link #establish()}; until then each store is checked before its first segment.
	 * @param stores the stores of the layout, in order: the {@code k}-th hands out the
	 * IDs {@code x mod n == k}; every instance lists them in the same order
	 * @param retired the stores dropped from the layout, needed to re-stripe without them
	 * @param generation the generation of the layout, at least 1; raise it by one to
	 * re-stripe after changing the stores
	 * @param threads what runs the background checks, as many at once as there are
	 * stores, retired ones included
	 */
	public StripedSegmentStore(List<StripeMember> stores, List<StripeMember> retired, int generation,
			BackgroundThreads threads) {
		if (threads == null) {
			throw new IllegalArgumentException("threads must not be null");
		}
		if (stores == null || stores.isEmpty()) {
			throw new IllegalArgumentException("A striped store needs at least one store");
		}
		if (generation < 1) {
			throw new IllegalArgumentException("The stripe generation must be at least 1 but was " + generation);
		}
		Set<String> names = new HashSet<>();
		for (StripeMember member : concat(stores, retired)) {
			if (!names.add(member.name())) {
				throw new IllegalArgumentException("Store '" + member.name() + "' is listed twice");
			}
		}
		List<Stripe> active = new ArrayList<>();
		for (int index = 0; index < stores.size(); index++) {
			active.add(new Stripe(stores.get(index), index));
		}
		this.stripes = List.copyOf(active);
		this.retired = retired.stream().map((member) -> new Stripe(member, StripeLayout.RETIRED)).toList();
		this.generation = generation;
		// one check at a time per store, retired ones included: they are checked in the
		// background too when they do not answer at startup
		this.probes = threads.scheduler("idgen-stripe-check", stores.size() + retired.size());
	}

	private static List<StripeMember> concat(List<StripeMember> first, List<StripeMember> second) {
		List<StripeMember> all = new ArrayList<>(first);
		all.addAll(second);
		return all;
	}

	/**
	 * Return the configured generation of the layout.
	 * @return the generation
	 */
	public int generation() {
		return this.generation;
	}

	/**
	 * Return a snapshot of every store, those of the layout first, in order, then the
	 * retired ones.
	 * @return the state of each store
	 */
	public List<StripeState> stripes() {
		return all().stream().map(Stripe::state).toList();
	}

	/**
	 * Check the layout recorded in the stores against the configured one and, if the
	 * configured generation is newer, re-stripe. Stores that do not answer are checked
	 * before their first segment, unless re-striping needs them.
	 * @throws StripeMismatchException if a store records a layout that contradicts the
	 * configured one: another position in the list, or a newer generation
	 * @throws BackendMisconfiguredException if the stores cannot be re-striped as
	 * configured, such as when a store of the old layout is neither listed nor retired
	 * @throws BackendUnavailableException if re-striping is needed and a store does not
	 * answer
	 */
	public void establish() {
		long target = 2L * this.generation;
		Map<Stripe, Long> states = new LinkedHashMap<>();
		List<String> unreachable = new ArrayList<>();
		for (Stripe stripe : all()) {
			try {
				long state = stripe.records().state();
				if (state > target) {
					throw newerGeneration(stripe, state);
				}
				states.put(stripe, state);
			}
			catch (StripeMismatchException ex) {
				throw ex;
			}
			catch (BackendUnavailableException | BackendMisconfiguredException ex) {
				markDown(stripe, ex);
				unreachable.add(stripe.name() + ": " + ex.getMessage());
			}
		}
		checkNoneFellBehind(states);
		if (states.values().stream().anyMatch((state) -> state < target)) {
			if (!unreachable.isEmpty()) {
				throw new BackendUnavailableException("Re-striping to generation " + this.generation
						+ " needs every store, but these did not answer: " + String.join("; ", unreachable));
			}
			restripe(states);
		}
		for (Stripe stripe : states.keySet()) {
			try {
				observe(stripe, stripe.records().state());
			}
			catch (StripeMismatchException ex) {
				throw ex;
			}
			catch (BackendUnavailableException | BackendMisconfiguredException ex) {
				markDown(stripe, ex);
			}
		}
	}

	/**
	 * Refuse a store that records an older generation than another store records the
	 * configured one in, unless it is closed for it (a re-striping that stopped
	 * half-way): such a store was either added without raising the generation or lost its
	 * records, and then its counters, which a new layout's counters must lie above, are
	 * lost too.
	 */
	private void checkNoneFellBehind(Map<Stripe, Long> states) {
		long target = 2L * this.generation;
		states.entrySet().stream().filter((entry) -> entry.getValue() == target).findFirst().ifPresent((current) -> {
			states.forEach((stripe, state) -> {
				if (state < target - 1) {
					throw new StripeMismatchException("Store '" + stripe.name() + "' records generation " + (state / 2)
							+ " of the stripe layout, while store '" + current.getKey().name()
							+ "' records the configured generation " + this.generation + ": either it was added to "
							+ "the stores without raising the generation (raise it to re-stripe), or it lost its "
							+ "records (restored from an older backup, a server restarted without persistence), and "
							+ "with them the counters that a new layout's counters must lie above");
				}
			});
		});
	}

	private List<Stripe> all() {
		List<Stripe> all = new ArrayList<>(this.stripes);
		all.addAll(this.retired);
		return all;
	}

	private void restripe(Map<Stripe, Long> states) {
		long target = 2L * this.generation;
		checkOldGenerationsCovered(states);
		raiseCounters(states.keySet());
		for (Stripe stripe : states.keySet()) {
			close(stripe, target);
		}
		int raised = raiseCounters(states.keySet());
		int count = this.stripes.size();
		// record the layout and the list of stores in every store before opening it in
		// any: an instance re-striping at once with another list then fails on a record
		// of a store both lists hold, before it opened a store on a stripe that another
		// store is opened on
		long stores = storesDigest();
		for (Stripe stripe : states.keySet()) {
			stripe.records().record(new StripeLayout(this.generation, count, stripe.configuredIndex()));
			stripe.records().recordStores(this.generation, stores);
		}
		for (Stripe stripe : states.keySet()) {
			if (stripe.records().stores(this.generation).orElse(stores) != stores) {
				throw new BackendMisconfiguredException("Store '" + stripe.name() + "' records generation "
						+ this.generation + " of the stripe layout as set up with another list of stores than "
						+ this.stripes.stream().map(Stripe::name).toList()
						+ ": another instance re-striped to the same generation with other stores. Give every "
						+ "instance the same list of stores, or raise the generation");
			}
		}
		for (Stripe stripe : states.keySet()) {
			stripe.records().advance(target - 1, target);
		}
		logger.info("Re-striped to generation {}: {} stores {}{}; {} counters raised while closed", this.generation,
				count, this.stripes.stream().map(Stripe::name).toList(),
				this.retired.isEmpty() ? "" : ", retired " + this.retired.stream().map(Stripe::name).toList(), raised);
	}

	/**
	 * Return a digest of the identities of the stores of the layout, in order; refuse a
	 * database listed twice.
	 */
	private long storesDigest() {
		Map<Long, String> seen = new HashMap<>();
		long digest = this.stripes.size();
		for (Stripe stripe : all()) {
			long id = stripe.records().storeId();
			String other = seen.putIfAbsent(id, stripe.name());
			if (other != null) {
				throw new BackendMisconfiguredException("Stores '" + other + "' and '" + stripe.name()
						+ "' are one database: each store of a stripe layout must be a database of its own");
			}
			if (stripe.configuredIndex() != StripeLayout.RETIRED) {
				digest = 31 * digest + id;
			}
		}
		return digest;
	}

	/**
	 * Raise each counter of every store of the layout to the highest value any of the
	 * given stores holds for it, so that no store hands out again, in its new stripe, an
	 * ID that any store handed out in its old one. Run once before the stores are closed,
	 * while they still serve, which does most of the work, and once after, which raises
	 * only what was reserved in between.
	 * @return the number of counters raised
	 */
	private int raiseCounters(Set<Stripe> stripes) {
		Map<Stripe, Map<String, Long>> held = new LinkedHashMap<>();
		Map<String, Long> highest = new HashMap<>();
		for (Stripe stripe : stripes) {
			Map<String, Long> counters = new HashMap<>(stripe.store().readAll());
			counters.keySet().removeIf(StripeRecords::isRecord);
			held.put(stripe, counters);
			counters.forEach((name, value) -> highest.merge(name, value, Math::max));
		}
		int raised = 0;
		for (Stripe stripe : stripes) {
			if (stripe.configuredIndex() == StripeLayout.RETIRED) {
				continue;
			}
			Map<String, Long> counters = held.get(stripe);
			for (Map.Entry<String, Long> counter : highest.entrySet()) {
				Long value = counters.get(counter.getKey());
				if (value == null || value < counter.getValue()) {
					raise(stripe, counter.getKey(), counter.getValue());
					raised++;
				}
			}
		}
		return raised;
	}

	private void raise(Stripe stripe, String counter, long value) {
		for (int attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
			OptionalLong current = stripe.store().read(counter);
			if (current.isPresent() && current.getAsLong() >= value
					|| stripe.store().compareAndSet(counter, current, value)) {
				return;
			}
		}
		throw new BackendUnavailableException(
				"Could not raise the counter " + SequenceNames.quote(counter) + " of store '" + stripe.name() + "' to "
						+ value + ": it kept changing under " + MAX_CLAIM_ATTEMPTS + " attempts");
	}

	/**
	 * Check that every store of each old generation still in force is listed, as a store
	 * or as retired: a store left out could go on handing out IDs of its old stripe above
	 * the counters of the new layout. The generations checked are the last in force or
	 * closed in each listed store (a re-striping may have stopped half-way, see
	 * {@link #lastLayout}), each against the layouts of that generation recorded in every
	 * listed store, whatever its state now.
	 */
	private void checkOldGenerationsCovered(Map<Stripe, Long> states) {
		Set<Integer> generations = new HashSet<>();
		states.forEach((stripe, state) -> {
			StripeLayout last = lastLayout(stripe, state);
			if (last != null) {
				generations.add(last.generation());
			}
		});
		Map<StripeLayoutKey, Set<Integer>> seen = new LinkedHashMap<>();
		for (int generation : generations) {
			for (Stripe stripe : states.keySet()) {
				StripeLayout old = stripe.records().layout(generation);
				if (old != null) {
					Set<Integer> indexes = seen.computeIfAbsent(new StripeLayoutKey(generation, old.count()),
							(key) -> new HashSet<>());
					if (!old.retired()) {
						indexes.add(old.index());
					}
				}
			}
		}
		seen.forEach((key, indexes) -> {
			if (indexes.size() < key.count()) {
				List<Integer> missing = new ArrayList<>();
				for (int index = 0; index < key.count(); index++) {
					if (!indexes.contains(index)) {
						missing.add(index);
					}
				}
				throw new BackendMisconfiguredException("Cannot re-stripe to generation " + this.generation
						+ ": generation " + key.generation() + " has " + key.count() + " stores, but stripe(s) "
						+ missing + " of it are neither among the stores nor among the retired stores. A store left "
						+ "out could go on handing out IDs in its old stripe: list it among the retired stores "
						+ "while re-striping, so that it is closed");
			}
		});
	}

	/**
	 * Return the layout of the latest generation a store records that may be in force in
	 * it or was before it was closed: the generation its state announces or closed, or,
	 * if a re-striping closed it again without recording that one, the latest recorded
	 * before it. {@code null} for a store that never was a stripe.
	 */
	private static StripeLayout lastLayout(Stripe stripe, long state) {
		for (int generation = (int) (state / 2); generation >= 1; generation--) {
			StripeLayout layout = stripe.records().layout(generation);
			if (layout != null) {
				return layout;
			}
		}
		return null;
	}

	private void close(Stripe stripe, long target) {
		for (int attempt = 0; attempt < MAX_STATE_ATTEMPTS; attempt++) {
			long state = stripe.records().state();
			if (state > target) {
				throw newerGeneration(stripe, state);
			}
			if (state >= target - 1 || stripe.records().advance(state, target - 1)) {
				return;
			}
		}
		throw new BackendUnavailableException("Could not close the stripe layout of store '" + stripe.name()
				+ "': its state kept changing under " + MAX_STATE_ATTEMPTS + " attempts");
	}

	private StripeMismatchException newerGeneration(Stripe stripe, long state) {
		return new StripeMismatchException("Store '" + stripe.name() + "' records generation " + ((state + 1) / 2)
				+ " of the stripe layout, newer than the configured generation " + this.generation
				+ ": this application's list of stores is out of date. Configure the stores and generation that the "
				+ "re-striping instances use");
	}

	/**
	 * Take what a store's state, read just now, says about the layout: keep or adopt the
	 * layout, or mark the store down, mismatched or retired and throw.
	 */
	private void observe(Stripe stripe, long read) {
		Stripe.Verified verified = stripe.verified();
		long state = read;
		if (verified != null && read < verified.state()) {
			// another thread saw a newer state meanwhile: if it read after this one, the
			// state read here is stale, not gone back; read it again to tell
			state = stripe.records().state();
			verified = stripe.verified();
		}
		long known = (verified != null) ? verified.state() : 2L * this.generation;
		if (verified != null && state == known) {
			stripe.up(verified.layout(), state);
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
			stripe.mismatched(problem);
			throw new StripeMismatchException(problem);
		}
		StripeLayout layout = stripe.records().layout((int) (state / 2));
		if (layout == null) {
			String problem = "Store '" + stripe.name() + "' announces generation " + (state / 2)
					+ " of the stripe layout but does not record it";
			stripe.mismatched(problem);
			throw new StripeMismatchException(problem);
		}
		if (verified == null && state == known && !isConfigured(stripe, layout)) {
			String problem = "Store '" + stripe.name() + "' is " + StripeRecords.describe(layout) + " in generation "
					+ layout.generation() + ", but this application lists it as "
					+ ((stripe.configuredIndex() == StripeLayout.RETIRED) ? "retired"
							: "stripe " + stripe.configuredIndex() + " of " + this.stripes.size())
					+ ". List the stores in the same order as the instances that set up generation "
					+ layout.generation() + ", or raise the generation to re-stripe";
			stripe.mismatched(problem);
			throw new StripeMismatchException(problem);
		}
		if (layout.retired()) {
			stripe.retired(layout, state);
			if (stripe.configuredIndex() == StripeLayout.RETIRED) {
				return;
			}
			throw new StripeMismatchException("Store '" + stripe.name() + "' was retired from the stripe layout in "
					+ "generation " + layout.generation());
		}
		if (verified != null) {
			logger.info("Store '{}' moved to generation {} of the stripe layout: {}", stripe.name(),
					layout.generation(), layout.describe());
		}
		stripe.up(layout, state);
	}

	private boolean isConfigured(Stripe stripe, StripeLayout layout) {
		if (stripe.configuredIndex() == StripeLayout.RETIRED) {
			return layout.retired();
		}
		return layout.index() == stripe.configuredIndex() && layout.count() == this.stripes.size();
	}

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		SequenceNames.validateCounter(sequence);
		if (step < 1) {
			throw new IllegalArgumentException("Step must be at least 1 but was " + step);
		}
		if (bounds.isBounded()) {
			throw new IllegalArgumentException("Sequence " + SequenceNames.quote(sequence)
					+ " has a max-value or cycles, which striped stores cannot serve: each store would reach the "
					+ "max-value of its own stripe. Serve it from a single store");
		}
		if (StripeRecords.isRecord(sequence)) {
			throw new IllegalArgumentException("Counter names starting with '" + StripeRecords.PREFIX
					+ "' are reserved for the records of the stripe layout: " + SequenceNames.quote(sequence));
		}
		AtomicLong floor = this.floors.computeIfAbsent(sequence, (name) -> new AtomicLong());
		int first = Math.floorMod(this.rotation.getAndIncrement(), this.stripes.size());
		List<String> failures = new ArrayList<>();
		Set<Stripe> tried = new HashSet<>();
		boolean unavailable = false;
		for (boolean downOnes : new boolean[] { false, true }) {
			for (int offset = 0; offset < this.stripes.size(); offset++) {
				Stripe stripe = this.stripes.get((first + offset) % this.stripes.size());
				StripeStatus status = stripe.status();
				// the second pass tries every store the first did not, including one that
				// was down then and came back meanwhile
				if (!downOnes && status == StripeStatus.DOWN || status == StripeStatus.MISMATCHED
						|| status == StripeStatus.RETIRED || !tried.add(stripe)) {
					continue;
				}
				try {
					if (status != StripeStatus.UP) {
						observe(stripe, stripe.records().state());
					}
					Segment segment = claim(stripe, sequence, step, bounds.start(), floor.get());
					stripe.servedSegment();
					floor.accumulateAndGet(segment.last(), Math::max);
					return segment;
				}
				catch (StripeMismatchException ex) {
					failures.add(ex.getMessage());
				}
				catch (BackendUnavailableException | BackendMisconfiguredException ex) {
					markDown(stripe, ex);
					failures.add(ex.getMessage());
					unavailable = true;
				}
			}
		}
		for (Stripe stripe : this.stripes) {
			if (stripe.status() == StripeStatus.MISMATCHED || stripe.status() == StripeStatus.RETIRED) {
				failures.add(stripe.state().problem());
			}
		}
		String message = "No store could reserve IDs of sequence " + SequenceNames.quote(sequence) + ": "
				+ String.join("; ", failures);
		throw unavailable ? new BackendUnavailableException(message) : new BackendMisconfiguredException(message);
	}

	/**
	 * Reserve a segment from one store: read its counter, compute the segment above it
	 * and above the floor, set the counter with a compare-and-set, and keep the segment
	 * only if the store's state has not changed meanwhile.
	 */
	private Segment claim(Stripe stripe, String sequence, long step, long start, long floor) {
		StripeStore store = stripe.store();
		for (int attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
			Stripe.Verified verified = stripe.verified();
			StripeLayout layout = verified.layout();
			OptionalLong counter = store.read(sequence);
			long above = Math.max(counter.isPresent() ? counter.getAsLong() : start - 1, floor);
			long first = layout.firstAbove(above);
			long last = (first < 0) ? -1 : lastOf(first, step, layout.count());
			if (last < 0) {
				throw new SequenceExhaustedException(sequence,
						"Sequence " + SequenceNames.quote(sequence) + " is exhausted in store '" + stripe.name()
								+ "': its stripe (" + layout.describe() + ") has no " + step + " IDs left above "
								+ above + " up to the largest ID " + SequenceBounds.MAX_ID);
			}
			if (store.compareAndSet(sequence, counter, last)) {
				long state = stripe.records().state();
				if (state == verified.state()) {
					return new Segment(first, last + 1, layout.count());
				}
				observe(stripe, state);
			}
		}
		throw new BackendUnavailableException(
				"Could not reserve IDs of sequence " + SequenceNames.quote(sequence) + " in store '" + stripe.name()
						+ "': its counter kept changing under " + MAX_CLAIM_ATTEMPTS + " attempts");
	}

	private static long lastOf(long first, long step, long stride) {
		try {
			long last = Math.addExact(first, Math.multiplyExact(step - 1, stride));
			return (last > SequenceBounds.MAX_ID) ? -1 : last;
		}
		catch (ArithmeticException ex) {
			return -1;
		}
	}

	private void markDown(Stripe stripe, RuntimeException failure) {
		if (stripe.status() != StripeStatus.DOWN) {
			logger.warn("Store '{}' of the striped store failed; the others serve while it is checked again: {}",
					stripe.name(), FailureDescriptions.describe(failure));
		}
		if (stripe.down(failure.getMessage())) {
			try {
				this.probes.schedule(() -> probe(stripe), stripe.takeRetryDelay(), TimeUnit.NANOSECONDS);
			}
			catch (RejectedExecutionException ex) {
				stripe.probeDone();
			}
		}
	}

	private void probe(Stripe stripe) {
		stripe.probeDone();
		try {
			stripe.store().checkAvailable();
			observe(stripe, stripe.records().state());
			logger.info("Store '{}' of the striped store answers again", stripe.name());
		}
		catch (StripeMismatchException ex) {
			logger.error(ex.getMessage());
		}
		catch (RuntimeException ex) {
			markDown(stripe, ex);
		}
	}

	/**
	 * Check that at least one store answers, checking each that is not known to be down
	 * and updating its state; the stores known to be down, which the background checks
	 * watch, are checked only when none of the others answers, so that a store that hangs
	 * does not hold up the health of the others.
	 * @throws BackendUnavailableException if none answers, with the reason of each
	 */
	@Override
	public void checkAvailable() {
		List<String> failures = new ArrayList<>();
		Set<Stripe> checked = new HashSet<>();
		boolean answered = false;
		for (boolean downOnes : new boolean[] { false, true }) {
			if (answered) {
				return;
			}
			for (Stripe stripe : this.stripes) {
				StripeStatus status = stripe.status();
				if (status == StripeStatus.MISMATCHED || status == StripeStatus.RETIRED) {
					if (downOnes) {
						failures.add(stripe.state().problem());
					}
					continue;
				}
				// the second pass checks every store the first did not, including one
				// that
				// was down then and came back meanwhile
				if (!downOnes && status == StripeStatus.DOWN || !checked.add(stripe)) {
					continue;
				}
				try {
					stripe.store().checkAvailable();
					observe(stripe, stripe.records().state());
					answered = true;
				}
				catch (StripeMismatchException ex) {
					failures.add(ex.getMessage());
				}
				catch (RuntimeException ex) {
					markDown(stripe, ex);
					failures.add(stripe.name() + ": " + ex.getMessage());
				}
			}
		}
		if (!answered) {
			throw new BackendUnavailableException(
					"No store of the striped store answers: " + String.join("; ", failures));
		}
	}

	/**
	 * Return the generation and the state of every store: {@code generation} and
	 * {@code stores}, each by name with {@code status}, {@code generation},
	 * {@code stripe} (such as {@code "IDs = 1 (mod 3)"}), {@code segments} and, unless it
	 * is up, {@code problem}.
	 */
	@Override
	public Map<String, Object> details() {
		Map<String, Object> stores = new LinkedHashMap<>();
		for (StripeState state : stripes()) {
			Map<String, Object> store = new LinkedHashMap<>();
			store.put("status", state.status().name());
			StripeLayout layout = state.layout();
			if (layout != null) {
				store.put("generation", layout.generation());
				store.put("stripe", layout.stripe());
			}
			store.put("segments", state.segments());
			if (state.problem() != null) {
				store.put("problem", state.problem());
			}
			stores.put(state.name(), store);
		}
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("generation", this.generation);
		details.put("stores", stores);
		return details;
	}

	/**
	 * Stop the background checks of stores that are down.
	 */
	@Override
	public void close() {
		this.probes.shutdownNow();
	}

	private record StripeLayoutKey(int generation, int count) {

	}

}
