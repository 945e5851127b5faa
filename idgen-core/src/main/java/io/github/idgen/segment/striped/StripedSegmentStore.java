package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
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
 * and a store whose counter lags is pulled along by each instance it serves; a store that
 * is down is pulled along by nothing, so its counter falls behind for as long as it is
 * down. A new counter starts at the sequence's start. Fetches rotate over the stores. A
 * store that fails is skipped at once (the next one is tried), marked
 * {@link StripeStatus#DOWN} and checked again in the background (see
 * {@link StripeChecks}); while every store is down, each fetch tries them all, so that
 * the first to return serves at once. A store whose stripe has no segment left above the
 * instance's last ID is skipped for the others; {@link SequenceExhaustedException} comes
 * only when none has one. A reservation counts only if the store's state and identity,
 * read together after it, are still those it had (see {@link StripeObserver}): a store
 * whose address leads to another database meanwhile serves nothing. A store found
 * {@link StripeStatus#MISMATCHED} is skipped by fetches and checked again in the
 * background too, and serves again once a check accepts it.
 *
 * <h2>Changing the layout</h2> The layout is recorded in every store (see
 * {@link StripeRecords}) and {@link #establish()} compares it with the configured one at
 * startup. A configured generation one above the recorded one re-stripes (see
 * {@link Restriping}): it closes the old generation in every store (from then on nothing
 * is handed out under it), raises each counter of every store of the new layout to the
 * highest value any store holds for it (once before closing, while the stores serve, and
 * once after, for what was reserved in between), records the new layout in every store
 * and opens it. So every sequence goes on above the IDs it had, and one that had none,
 * such as the counter of a new day, starts at its start. This needs every store of the
 * old and the new layout, by identity; stores that leave the layout are passed as
 * retired. A claim that raced with a re-striping is dropped (its IDs are lost, never
 * handed out twice), and an instance still running with the old layout moves to the new
 * one. An instance configured with an older generation than recorded, or with one more
 * than one above it, fails at startup, and so does one that no store answers.
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

	private static final int MAX_CLAIM_ATTEMPTS = 1000;

	private final List<Stripe> stripes;

	private final List<Stripe> retired;

	private final int generation;

	private final ConcurrentMap<String, AtomicLong> floors = new ConcurrentHashMap<>();

	private final AtomicInteger rotation = new AtomicInteger();

	private final StripeObserver observer;

	private final StripeChecks checks;

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
		this.observer = new StripeObserver(all(), stores.size(), generation);
		this.checks = new StripeChecks(threads.scheduler("idgen-stripe-check", stores.size() + retired.size()),
				this::check);
	}

	private static List<StripeMember> concat(List<StripeMember> first, List<StripeMember> second) {
		List<StripeMember> all = new ArrayList<>(first);
		all.addAll(second);
		return all;
	}

	/**
	 * Return the generation of the stripe layout a store records, if it records one: a
	 * store that is (or was) one stripe of a striped store, which must not be served on
	 * its own next to the others.
	 * @param store the store
	 * @return the generation in force in it, or being set up, or empty if it records no
	 * layout
	 * @throws BackendUnavailableException if the store does not answer
	 * @throws BackendMisconfiguredException if it refuses the read
	 */
	public static OptionalInt recordedGeneration(StripeStore store) {
		long state = store.read(StripeRecords.STATE).orElse(0);
		return (state > 0) ? OptionalInt.of((int) ((state + 1) / 2)) : OptionalInt.empty();
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
	 * configured generation is newer, re-stripe (see {@link Restriping}). Stores that do
	 * not answer are checked again in the background and before their first segment,
	 * unless re-striping needs them; at least one must answer, since without one this
	 * instance cannot tell whether the layout is to be set up or re-striped.
	 * @throws StripeMismatchException if a store records a layout that contradicts the
	 * configured one: another position in the list, or a newer generation
	 * @throws BackendMisconfiguredException if the stores cannot be re-striped as
	 * configured, such as when a store of the old layout is neither listed nor retired,
	 * if the configured generation is more than one above the newest recorded, or if a
	 * store refuses for a reason no retry heals (such as a missing table) while it is
	 * needed
	 * @throws BackendUnavailableException if no store answers, or if re-striping is
	 * needed and a store does not answer
	 */
	public void establish() {
		long target = 2L * this.generation;
		Map<Stripe, Long> states = new LinkedHashMap<>();
		Map<Stripe, RuntimeException> failed = new LinkedHashMap<>();
		for (Stripe stripe : all()) {
			try {
				long state = stripe.records().state();
				if (state > target) {
					throw Restriping.newerGeneration(stripe.name(), state, this.generation);
				}
				states.put(stripe, state);
			}
			catch (StripeMismatchException ex) {
				throw ex;
			}
			catch (BackendUnavailableException | BackendMisconfiguredException ex) {
				this.checks.markDown(stripe, ex);
				failed.put(stripe, ex);
			}
		}
		if (states.isEmpty()) {
			throw notAnswered("No store of the stripe layout answered, so whether generation " + this.generation
					+ " is to be set up or re-striped in them cannot be told", failed);
		}
		checkGenerationStep(states, failed);
		checkNoneFellBehind(states);
		if (states.values().stream().anyMatch((state) -> state < target)) {
			if (!failed.isEmpty()) {
				throw notAnswered("Re-striping to generation " + this.generation + " needs every store, but not every "
						+ "store answered", failed);
			}
			new Restriping(this.stripes, this.retired, this.generation).run();
		}
		for (Stripe stripe : states.keySet()) {
			try {
				this.observer.observe(stripe, stripe.records().read());
			}
			catch (StripeMismatchException ex) {
				throw ex;
			}
			catch (BackendUnavailableException | BackendMisconfiguredException ex) {
				this.checks.markDown(stripe, ex);
			}
		}
	}

	/**
	 * Return the failure of a start that needed stores that failed: a
	 * {@link BackendMisconfiguredException} if one of them refused for a reason no retry
	 * heals, such as a missing table, else a {@link BackendUnavailableException}.
	 */
	private static RuntimeException notAnswered(String problem, Map<Stripe, RuntimeException> failed) {
		List<String> failures = new ArrayList<>();
		failed.forEach((stripe, failure) -> failures.add("store '" + stripe.name() + "': " + failure.getMessage()));
		String message = problem + ": " + String.join("; ", failures);
		boolean misconfigured = failed.values().stream().anyMatch(BackendMisconfiguredException.class::isInstance);
		return misconfigured ? new BackendMisconfiguredException(message) : new BackendUnavailableException(message);
	}

	/**
	 * Refuse a configured generation more than one above the newest any store records (a
	 * typo such as 1000000 for 2): a re-striping raises the generation by one. While a
	 * store does not answer, it may record the generation below the configured one (only
	 * a store added by the raise answers), so the start fails as unavailable instead.
	 */
	private void checkGenerationStep(Map<Stripe, Long> states, Map<Stripe, RuntimeException> failed) {
		long newest = states.values().stream().mapToLong((state) -> (state + 1) / 2).max().orElse(0);
		if (this.generation > newest + 1 && !failed.isEmpty()) {
			throw notAnswered("The configured generation " + this.generation + " of the stripe layout is more than "
					+ "one above generation " + newest + ", the newest that the stores answering record, but the "
					+ "stores that did not answer may record a newer one: whether generation " + this.generation
					+ " is to be re-striped in them cannot be told until they answer", failed);
		}
		if (this.generation > newest + 1) {
			throw new BackendMisconfiguredException("The configured generation " + this.generation
					+ " of the stripe layout is more than one above generation " + newest
					+ ", the newest that the stores answering record: a re-striping raises the generation by one. "
					+ ((newest == 0) ? "Configure generation 1 to set the layout up" : "Configure generation " + newest
							+ " to keep the layout, or " + (newest + 1) + " to re-stripe"));
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
		boolean exhausted = false;
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
						this.observer.observe(stripe, stripe.records().read());
					}
					Segment segment = claim(stripe, sequence, step, bounds.start(), floor.get());
					stripe.servedSegment();
					floor.accumulateAndGet(segment.last(), Math::max);
					return segment;
				}
				catch (SequenceExhaustedException ex) {
					// another store's stripe may have IDs left above the floor
					failures.add(ex.getMessage());
					exhausted = true;
				}
				catch (StripeMismatchException ex) {
					this.checks.markMismatched(stripe, ex);
					failures.add(ex.getMessage());
				}
				catch (BackendUnavailableException | BackendMisconfiguredException ex) {
					this.checks.markDown(stripe, ex);
					failures.add(ex.getMessage());
					boolean mayServe = mayHaveIdsLeft(stripe, step, floor.get());
					unavailable |= mayServe;
					exhausted |= !mayServe;
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
		if (unavailable) {
			throw new BackendUnavailableException(message);
		}
		if (exhausted) {
			throw new SequenceExhaustedException(sequence, message);
		}
		throw new BackendMisconfiguredException(message);
	}

	/**
	 * Reserve a segment from one store: read its counter, compute the segment above it
	 * and above the floor, set the counter with a compare-and-set, and keep the segment
	 * only if the store's state has not changed meanwhile and the store still answers as
	 * the database it was: its state and identity read together from the database that
	 * took the counter (over the same connection, where the store has connections).
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
			Optional<StripeReading> set = stripe.records().compareAndSetThenRead(sequence, counter, last);
			if (set.isPresent()) {
				StripeReading reading = set.get();
				if (reading.state() == verified.state() && stripe.answersAsItself(reading.identity())) {
					return new Segment(first, last + 1, layout.count());
				}
				this.observer.observe(stripe, reading);
			}
		}
		throw new BackendUnavailableException(
				"Could not reserve IDs of sequence " + SequenceNames.quote(sequence) + " in store '" + stripe.name()
						+ "': its counter kept changing under " + MAX_CLAIM_ATTEMPTS + " attempts");
	}

	/**
	 * Return whether a store that failed may have a segment left above the floor: unless
	 * its stripe, as last verified, has none above it, whatever its counter holds.
	 */
	private static boolean mayHaveIdsLeft(Stripe stripe, long step, long floor) {
		Stripe.Verified verified = stripe.verified();
		if (verified == null) {
			return true;
		}
		long first = verified.layout().firstAbove(floor);
		return first >= 0 && lastOf(first, step, verified.layout().count()) >= 0;
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

	/**
	 * Check a store in the background: it answers, as itself, with a layout this instance
	 * can use.
	 */
	private void check(Stripe stripe) {
		stripe.store().checkAvailable();
		this.observer.observe(stripe, stripe.records().read());
	}

	/**
	 * Return the largest counter of the sequence in the stores, retired ones included:
	 * each counts the IDs of its own stripe, so every ID handed out is at most the
	 * largest. A store whose identity does not match is left out, since its counter may
	 * be another store's.
	 * @throws BackendUnavailableException if a store could not be read, naming it:
	 * without it, the largest counter may be too small
	 */
	@Override
	public OptionalLong counter(String sequence) {
		SequenceNames.validateCounter(sequence);
		OptionalLong largest = OptionalLong.empty();
		for (Stripe stripe : all()) {
			if (stripe.status() == StripeStatus.MISMATCHED) {
				continue;
			}
			OptionalLong counter;
			try {
				counter = stripe.store().read(sequence);
			}
			catch (BackendUnavailableException ex) {
				throw new BackendUnavailableException("Could not read the counter of sequence "
						+ SequenceNames.quote(sequence) + " in store '" + stripe.name() + "': " + ex.getMessage(), ex);
			}
			if (counter.isPresent() && (largest.isEmpty() || counter.getAsLong() > largest.getAsLong())) {
				largest = counter;
			}
		}
		return largest;
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
					check(stripe);
					answered = true;
				}
				catch (StripeMismatchException ex) {
					this.checks.markMismatched(stripe, ex);
					failures.add(ex.getMessage());
				}
				catch (RuntimeException ex) {
					this.checks.markDown(stripe, ex);
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
		this.checks.stop();
	}

}
