package io.github.idgen.segment;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.IdLimit;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;
import io.github.idgen.SequenceObserver;
import io.github.idgen.background.BackgroundScheduler;

/**
 * Serves one sequence from memory out of segments reserved from a {@link SegmentStore}: a
 * current segment that callers draw from and a next one fetched in the background before
 * the current one runs out (double buffering).
 *
 * <h2>Fast path</h2> A caller reads {@link #current} (one volatile read) and takes an
 * offset from it (one atomic add). If the offset lies inside the segment, the ID is the
 * segment's start plus the offset times its stride (1 but for a striped store's
 * segments); no lock is taken. The caller that takes the offset at {@code prefetchAt} of
 * the segment schedules the fetch of the next one.
 *
 * <h2>Slow path</h2> A caller that finds the current segment used up takes {@link #lock},
 * makes the prefetched segment current (or starts a fetch if none is under way) and waits
 * for one. Each call has one deadline, {@code fetchTimeout} after it first found no ID
 * left, however often the segment it was woken for is used up by others first (a store
 * slower than demand) and however many segments a batch needs; once it passes with no
 * segment to take from, the call throws {@link BackendUnavailableException}. A batch that
 * fails so has taken IDs that are never handed out again (a gap). Only callers at a
 * segment boundary take the lock, and only they read the clock.
 *
 * <h2>Fetching</h2> At most one fetch per sequence is scheduled or running at a time: the
 * one in {@link #fetch}. A fetch is a run of attempts on the fetch executor, the first at
 * once, each later one scheduled after a back-off growing up to a quarter of
 * {@code fetchTimeout} (at most a second); between attempts it holds no thread. It ends
 * when an attempt succeeds, when the store fails for good, or when the executor shuts
 * down. The store tells the two kinds of failure apart (see {@link SegmentStore}): a
 * {@link BackendUnavailableException} is retried, so that a transient failure is healed
 * before the current segment runs out; any other runtime exception
 * ({@link IllegalArgumentException},
 * {@link io.github.idgen.BackendMisconfiguredException}, an exhausted sequence, ...) ends
 * the fetch and reaches the waiting callers at once. An {@link Error} thrown by the
 * store, or a checked exception it throws undeclared, counts as a transient failure and
 * is reported and retried the same way; an {@link Error} thrown by the executor ends the
 * fetch, and the next caller that needs a segment starts a new one. A fetched segment is
 * published before the observer hears of it, so nothing an observer throws costs a
 * segment. No failure leaves a fetch claimed that nobody runs, and once the executor is
 * shut down a caller that needs a segment is told at once.
 * <p>
 * A fetch is claimed with a compare-and-set of {@link #fetch} and released only under
 * {@link #lock}, with a signal to the waiting callers. A claim made while a fetched
 * segment is already waiting in {@link #next} (a warm-up, or a caller that took the
 * prefetch offset of a segment long since used up) is released at once without a fetch,
 * since its segment would replace the waiting one and be lost; meanwhile the prefetch
 * trigger of the segment that follows may have found the fetch claimed, so the release
 * checks the trigger again and starts the fetch it would have started.
 *
 * <h2>Thread ownership</h2>
 * <ul>
 * <li>{@link #current}: read by every caller; written under {@link #lock}. Volatile so
 * that the fast path sees a switch without locking.</li>
 * <li>{@link #next}: written under {@link #lock} by the fetch and the switching caller.
 * Volatile so that a claim can check it without the lock and {@link #state()} can read
 * it.</li>
 * <li>{@link #fetch}: claimed by compare-and-set by any thread, released under
 * {@link #lock} by the thread that claimed it or the fetch's last attempt. An attempt of
 * a fetch that is no longer the claimed one does nothing.</li>
 * <li>{@link #step}, {@link #fetchedBefore}, {@link #lastFetchNanos},
 * {@link #lastFetchAt}, {@link #lastFetchMillis} and the {@link #guard}'s last segment:
 * written only by fetch attempts, which never overlap: one fetch at a time, and each
 * attempt schedules the next. All but {@link #fetchedBefore} and the guard are volatile
 * so that {@link #state()} reads current values.</li>
 * <li>{@link #retired}: the IDs of the segments already used up, added to at a switch
 * under {@link #lock} and read under it by {@link #issued()}. With the cursor of the
 * current segment it counts the IDs issued without any cost per ID.</li>
 * <li>{@link #lastFailureNanos}: when a fetch last failed for good; guarded by
 * {@link #lock}. A caller rethrows such a failure without asking the store again for a
 * second, so that a sequence that cannot be served does not cost a round trip and an
 * error log per call.</li>
 * <li>{@link #lastFailure}: written by fetch attempts, read by waiting callers and
 * {@link #state()}; volatile.</li>
 * <li>{@link #inStore}: set by a fetch attempt for as long as it is in the store's call,
 * read when the generator closes to name the sequences whose fetch still hangs there;
 * volatile.</li>
 * <li>A segment's cursor: advanced atomically by every caller.</li>
 * </ul>
 * The {@link SequenceObserver} hears of every fetch, its outcome and duration, and of
 * every caller that had to wait for a segment; never of a single ID.
 * <p>
 * A segment is checked before a single ID of it is served (see {@link SegmentGuard}): one
 * the store should not have handed out (overlapping the last one, past the max-value, or
 * none at all) ends the fetch with a permanent failure, as a store's own would.
 */
public final class SegmentBuffer implements Sequence, SequenceInfo {

	private static final Logger logger = LoggerFactory.getLogger(SegmentBuffer.class);

	private static final long MIN_RETRY_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private static final long MAX_RETRY_DELAY_NANOS = TimeUnit.SECONDS.toNanos(1);

	private static final long PERMANENT_FAILURE_RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final long maxRetryDelayNanos;

	private final long fetchTimeoutNanos;

	private final String name;

	private final SegmentStore store;

	private final SegmentSettings settings;

	private final BackgroundScheduler fetchExecutor;

	private final SequenceObserver observer;

	private final ClaimHook claimHook;

	private final SegmentGuard guard;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition segmentChanged = this.lock.newCondition();

	private final AtomicReference<Fetch> fetch = new AtomicReference<>();

	private volatile Block current = Block.empty();

	private volatile Block next;

	private volatile long step;

	private boolean fetchedBefore;

	private volatile long lastFetchNanos;

	private volatile Instant lastFetchAt;

	private volatile long lastFetchMillis;

	private long retired;

	private volatile RuntimeException lastFailure;

	private long lastFailureNanos;

	private volatile boolean inStore;

	/**
	 * Create a buffer. No segment is fetched before the first ID is asked for.
	 * @param name the sequence name
	 * @param store the store that reserves segments
	 * @param settings how the sequence is served
	 * @param fetchExecutor runs the fetch attempts and schedules their retries; its
	 * threads may block on the store
	 */
	public SegmentBuffer(String name, SegmentStore store, SegmentSettings settings, BackgroundScheduler fetchExecutor) {
		this(name, store, settings, fetchExecutor, SequenceObserver.NONE);
	}

	/**
	 * Create a buffer whose fetches and waits an observer hears of. No segment is fetched
	 * before the first ID is asked for.
	 * @param name the sequence name
	 * @param store the store that reserves segments
	 * @param settings how the sequence is served
	 * @param fetchExecutor runs the fetch attempts and schedules their retries; its
	 * threads may block on the store
	 * @param observer hears of fetches and waits
	 */
	public SegmentBuffer(String name, SegmentStore store, SegmentSettings settings, BackgroundScheduler fetchExecutor,
			SequenceObserver observer) {
		this(name, store, settings, fetchExecutor, observer, ClaimHook.NONE);
	}

	/**
	 * Create a buffer with a hook into the claims of a fetch, where tests hold a thread
	 * to play the interleavings of a claim and the prefetch trigger.
	 */
	SegmentBuffer(String name, SegmentStore store, SegmentSettings settings, BackgroundScheduler fetchExecutor,
			SequenceObserver observer, ClaimHook claimHook) {
		this.claimHook = claimHook;
		this.name = name;
		this.store = store;
		this.settings = settings;
		this.fetchExecutor = fetchExecutor;
		this.observer = SequenceObserver.guarded(observer);
		this.step = settings.step();
		this.guard = new SegmentGuard(name, settings.bounds());
		this.fetchTimeoutNanos = settings.fetchTimeout().toNanos();
		this.maxRetryDelayNanos = Math.max(MIN_RETRY_DELAY_NANOS,
				Math.min(MAX_RETRY_DELAY_NANOS, this.fetchTimeoutNanos / 4));
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public long next() {
		Block block = this.current;
		long offset = block.take(1);
		if (offset < block.size) {
			return serve(block, offset);
		}
		return nextAfterWaiting(block);
	}

	/**
	 * Take an ID from the current segment or, once that is used up, from the prefetched
	 * one if it has come and no other caller holds the buffer's lock; never wait. An
	 * empty result starts no fetch: {@link #next()}, which the caller runs next on a
	 * thread that may block, starts it.
	 */
	@Override
	public OptionalLong nextIfReady() {
		Block block = this.current;
		long offset = block.take(1);
		if (offset < block.size) {
			return OptionalLong.of(serve(block, offset));
		}
		if (!this.lock.tryLock()) {
			return OptionalLong.empty();
		}
		try {
			block = readyAfter(block);
		}
		finally {
			this.lock.unlock();
		}
		if (block == null) {
			return OptionalLong.empty();
		}
		offset = block.take(1);
		return (offset < block.size) ? OptionalLong.of(serve(block, offset)) : OptionalLong.empty();
	}

	/**
	 * The slow path of {@link #next()}: wait for segments until one serves an ID, or the
	 * call's one deadline passes, however often the segment it was woken for is used up
	 * by others first.
	 */
	private long nextAfterWaiting(Block exhausted) {
		long deadline = deadline();
		Block block = exhausted;
		for (;;) {
			block = advance(block, deadline);
			long offset = block.take(1);
			if (offset < block.size) {
				return serve(block, offset);
			}
		}
	}

	private long serve(Block block, long offset) {
		if (offset == block.prefetchOffset) {
			prefetch();
		}
		return block.start + offset * block.stride;
	}

	/**
	 * Return a batch of IDs, taken from as many segments as it needs. The call waits for
	 * segments until its one deadline, {@code fetchTimeout} after it first finds none
	 * left; the IDs it took before it fails are never handed out again (a gap).
	 */
	@Override
	public long[] next(int count) {
		Sequence.checkBatchSize(count);
		long[] ids = new long[count];
		int filled = 0;
		Block block = this.current;
		long deadline = 0;
		boolean timed = false;
		while (filled < count) {
			int wanted = count - filled;
			long offset = block.take(wanted);
			if (offset < block.size) {
				if (offset <= block.prefetchOffset && block.prefetchOffset - offset < wanted) {
					prefetch();
				}
				long first = block.start + offset * block.stride;
				int taken = (int) Math.min(wanted, block.size - offset);
				for (int i = 0; i < taken; i++) {
					ids[filled++] = first + i * block.stride;
				}
			}
			if (filled < count) {
				if (!timed) {
					deadline = deadline();
					timed = true;
				}
				block = advance(block, deadline);
			}
		}
		return ids;
	}

	/**
	 * Return the deadline of a call that found no ID left: {@code fetchTimeout} from now,
	 * on the {@link System#nanoTime()} scale. It may wrap past {@link Long#MAX_VALUE};
	 * only differences to it are compared.
	 */
	private long deadline() {
		return System.nanoTime() + this.fetchTimeoutNanos;
	}

	/**
	 * Return a snapshot of this buffer's state for health and monitoring.
	 * @return the current state
	 */
	public State state() {
		Block block = this.current;
		Block prefetched = this.next;
		RuntimeException failure = this.lastFailure;
		boolean started = block.size > 0;
		Instant fetchedAt = this.lastFetchAt;
		long step = this.step;
		long nextStep = (fetchedAt != null)
				? this.settings.stepPolicy().nextStep(step, Duration.ofNanos(System.nanoTime() - this.lastFetchNanos))
				: step;
		return new State(this.name, started ? block.start : null, started ? block.last() + 1 : null, block.remaining(),
				(prefetched != null) ? prefetched.size : 0, step, (failure != null) ? failure.getMessage() : null,
				nextStep, fetchedAt, (fetchedAt != null) ? this.lastFetchMillis : null);
	}

	/**
	 * Return the IDs issued so far: those of every segment used up and those taken from
	 * the current one.
	 */
	@Override
	public long issued() {
		this.lock.lock();
		try {
			Block block = this.current;
			return this.retired + Math.min(block.cursor, block.size);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Return the highest ID handed out from the current segment, or the value just below
	 * it while none of it has been handed out; empty before the first segment. A bounded
	 * sequence whose store has handed out its {@code max-value} (to this instance or to
	 * another) is at {@code max-value} once the current segment is used up. Reads
	 * volatile fields only, without the lock.
	 */
	@Override
	public OptionalLong position() {
		Block block = this.current;
		if (block.remaining() == 0 && this.lastFailure instanceof SequenceExhaustedException) {
			return OptionalLong.of(this.settings.bounds().maxValue());
		}
		if (block.size == 0) {
			return OptionalLong.empty();
		}
		long taken = Math.min(block.cursor, block.size);
		return OptionalLong.of(block.start + (taken - 1) * block.stride);
	}

	/**
	 * Return the {@code max-value} of a bounded sequence, as a cycle if it cycles.
	 */
	@Override
	public Optional<IdLimit> limit() {
		SequenceBounds bounds = this.settings.bounds();
		if (!bounds.isBounded()) {
			return Optional.empty();
		}
		return Optional.of(bounds.cycle() ? IdLimit.cycle(bounds.maxValue()) : IdLimit.maxValue(bounds.maxValue()));
	}

	/**
	 * Return the {@link #state()} as name-value pairs: {@code segmentStart},
	 * {@code segmentEnd}, {@code remaining}, {@code prefetched}, {@code step},
	 * {@code nextStep}, {@code lastFetchAt} (an ISO-8601 instant),
	 * {@code lastFetchMillis}, {@code issued} and, after a failed fetch,
	 * {@code lastFailure}.
	 */
	@Override
	public Map<String, Object> info() {
		State state = state();
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("segmentStart", state.segmentStart());
		info.put("segmentEnd", state.segmentEnd());
		info.put("remaining", state.remaining());
		info.put("prefetched", state.prefetched());
		info.put("step", state.step());
		info.put("nextStep", state.nextStep());
		info.put("lastFetchAt", (state.lastFetchAt() != null) ? state.lastFetchAt().toString() : null);
		info.put("lastFetchMillis", state.lastFetchMillis());
		info.put("issued", issued());
		if (state.lastFailure() != null) {
			info.put("lastFailure", state.lastFailure());
		}
		return info;
	}

	/**
	 * Make sure that a segment is current and the next one is fetched, without issuing an
	 * ID: fetch the current segment if there is none (waiting as {@link #next()} would),
	 * start fetching the next one, and wait for it; the whole warm-up waits at most
	 * {@code fetchTimeout}.
	 * @throws BackendUnavailableException if no current segment could be fetched in time
	 */
	public void warmUp() {
		long deadline = deadline();
		Block block = this.current;
		if (block.remaining() == 0) {
			advance(block, deadline);
		}
		prefetch();
		this.lock.lock();
		try {
			long remaining = deadline - System.nanoTime();
			while (this.next == null && this.fetch.get() != null && !this.fetchExecutor.isShutdown() && remaining > 0) {
				remaining = this.segmentChanged.awaitNanos(remaining);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Wake every caller that waits for a segment, once the fetch executor was shut down,
	 * so that it is told at once rather than at its deadline.
	 */
	void wakeWaitingCallers() {
		this.lock.lock();
		try {
			this.segmentChanged.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Return whether a fetch attempt is in the store's call right now; not one that is
	 * scheduled or waits to retry.
	 */
	boolean isInStore() {
		return this.inStore;
	}

	/**
	 * Start fetching the next segment, if no fetch is under way, for a caller on the fast
	 * path, which has its ID already: a failure to start is logged, never thrown.
	 */
	private void prefetch() {
		try {
			tryStartFetch();
		}
		catch (RejectedExecutionException ex) {
			// Shut down: the buffer serves what it has; a caller that runs out is told.
		}
		catch (BackendUnavailableException ex) {
			logger.warn("Sequence {} could not start prefetching a segment", SequenceNames.quote(this.name), ex);
		}
	}

	/**
	 * Return a segment other than the exhausted one to take IDs from: the one another
	 * caller switched to, the prefetched one, or one fetched meanwhile, waiting for it
	 * until the caller's deadline.
	 * @param exhausted the segment the caller found used up
	 * @param deadline the deadline of the caller's call (see {@link #deadline()}), the
	 * same for every segment the call waits for
	 * @throws BackendUnavailableException if no segment came by the deadline, the
	 * generator is shut down, or the caller was interrupted
	 */
	private Block advance(Block exhausted, long deadline) {
		long startedAt = System.nanoTime();
		boolean fetchStarted = false;
		boolean waited = false;
		this.lock.lock();
		try {
			for (;;) {
				Block ready = readyAfter(exhausted);
				if (ready != null) {
					return ready;
				}
				if (this.fetch.get() == null) {
					if (isPermanent(this.lastFailure) && (fetchStarted
							|| System.nanoTime() - this.lastFailureNanos < PERMANENT_FAILURE_RETRY_NANOS)) {
						throw this.lastFailure;
					}
					fetchStarted |= startFetch();
				}
				else if (this.fetchExecutor.isShutdown()) {
					throw shutDown(null);
				}
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0) {
					throw new BackendUnavailableException("No ID of sequence " + SequenceNames.quote(this.name)
							+ " could be reserved within " + this.settings.fetchTimeout().toMillis() + " ms",
							this.lastFailure);
				}
				waited = true;
				this.segmentChanged.awaitNanos(remaining);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BackendUnavailableException(
					"Interrupted while waiting for a segment of sequence " + SequenceNames.quote(this.name), ex);
		}
		finally {
			this.lock.unlock();
			if (waited) {
				Duration took = Duration.ofNanos(System.nanoTime() - startedAt);
				report(() -> this.observer.waited(this.name, took));
			}
		}
	}

	/**
	 * Return the segment to take IDs from after the exhausted one without waiting: the
	 * one another caller switched to, or the prefetched one, which becomes current. Only
	 * under {@link #lock}.
	 * @param exhausted the segment the caller found used up
	 * @return the segment, or {@code null} if none has come
	 */
	private Block readyAfter(Block exhausted) {
		Block block = this.current;
		if (block != exhausted) {
			return block;
		}
		Block prefetched = this.next;
		if (prefetched != null) {
			this.next = null;
			this.retired += block.size;
			this.current = prefetched;
		}
		return prefetched;
	}

	private boolean startFetch() {
		try {
			return tryStartFetch();
		}
		catch (RejectedExecutionException ex) {
			throw shutDown(ex);
		}
	}

	private BackendUnavailableException shutDown(RejectedExecutionException cause) {
		return new BackendUnavailableException(
				"The ID generator has been shut down; sequence " + SequenceNames.quote(this.name) + " has no IDs left",
				cause);
	}

	/**
	 * Start a fetch unless one is under way or a fetched segment is already waiting: a
	 * fetch started then would replace the waiting segment, which would be lost. Once a
	 * fetch is claimed, only a switch can change {@link #next}, and only to {@code null},
	 * so a claim that finds it empty is final; one that finds it full (a fetch ended
	 * between the first check and the claim) is released again.
	 * @return whether a fetch was started
	 * @throws RejectedExecutionException if the executor has been shut down
	 * @throws BackendUnavailableException if the executor failed otherwise, such as with
	 * an {@link OutOfMemoryError} for a thread it could not create
	 */
	private boolean tryStartFetch() {
		if (this.next != null) {
			return false;
		}
		this.claimHook.beforeClaim();
		Fetch claimed = new Fetch();
		if (!this.fetch.compareAndSet(null, claimed)) {
			return false;
		}
		if (this.next != null) {
			this.claimHook.claimedWhileASegmentWaits();
			release(claimed);
			prefetchIfTriggerPassed();
			return false;
		}
		try {
			this.fetchExecutor.execute(() -> attempt(claimed));
			return true;
		}
		catch (RejectedExecutionException ex) {
			release(claimed);
			throw ex;
		}
		catch (RuntimeException | Error ex) {
			release(claimed);
			BackendUnavailableException failure = new BackendUnavailableException("Could not start fetching a "
					+ "segment of sequence " + SequenceNames.quote(this.name) + ": " + FailureDescriptions.describe(ex),
					ex);
			logger.error(failure.getMessage(), ex);
			throw failure;
		}
	}

	/**
	 * Make one attempt of a fetch and, unless it ended the fetch, schedule the next.
	 * Throws nothing: anything that fails while a failure is handled still schedules the
	 * next attempt, and a fetch whose next attempt cannot be scheduled is released.
	 */
	private void attempt(Fetch claimed) {
		if (this.fetch.get() != claimed) {
			return;
		}
		boolean done = false;
		try {
			done = fetchOnce(claimed);
		}
		catch (Throwable ex) {
			failedWithError(claimed, ex);
		}
		finally {
			if (!done && this.fetch.get() == claimed) {
				scheduleRetry(claimed);
			}
		}
	}

	/**
	 * Record something that failed outside the store's call, such as while a failure was
	 * handled, as a transient failure of the fetch if it is still claimed. Throws
	 * nothing: whatever fails while the failure is described is left to the next attempt.
	 */
	private void failedWithError(Fetch claimed, Throwable failure) {
		try {
			retryLater(claimed, new BackendUnavailableException("Fetching a segment of sequence "
					+ SequenceNames.quote(this.name) + " failed: " + FailureDescriptions.describe(failure), failure));
		}
		catch (RuntimeException | Error ex) {
			// Out of memory or worse while describing the failure: the next attempt
			// tells.
		}
	}

	private void scheduleRetry(Fetch claimed) {
		long delay = claimed.retryDelayNanos;
		claimed.retryDelayNanos = Math.min(delay * 2, this.maxRetryDelayNanos);
		try {
			this.fetchExecutor.schedule(() -> attempt(claimed), delay, TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			release(claimed);
		}
		catch (RuntimeException | Error ex) {
			logger.error("Could not schedule the next attempt to fetch a segment of sequence {}; the next caller "
					+ "that needs one starts a new fetch", SequenceNames.quote(this.name), ex);
			release(claimed);
		}
	}

	/**
	 * Make one attempt to fetch a segment. Returns whether the fetch is done,
	 * successfully or for good; {@code false} if it failed transiently and is to be
	 * retried. A segment is published before anyone hears of it: the observer is told
	 * last, so that nothing it throws costs the segment or the step. An {@link Error}
	 * thrown by the store, or a checked exception it throws undeclared (as a store
	 * written in Kotlin does), counts as a transient failure, reported and retried like
	 * one.
	 */
	private boolean fetchOnce(Fetch claimed) {
		long requestedStep = nextStep();
		long startedAt = System.nanoTime();
		Segment segment;
		try {
			segment = this.guard.check(allocate(requestedStep));
		}
		catch (BackendUnavailableException ex) {
			failedTransiently(claimed, startedAt, ex);
			return false;
		}
		catch (RuntimeException ex) {
			reportFailure(startedAt, ex);
			logger.error("Sequence {} cannot reserve segments: {}", SequenceNames.quote(this.name), ex.getMessage());
			finish(claimed, null, ex);
			return true;
		}
		catch (Throwable ex) {
			// an Error, or a checked exception thrown undeclared (as from Kotlin)
			failedTransiently(claimed, startedAt, new BackendUnavailableException("Fetching a segment of sequence "
					+ SequenceNames.quote(this.name) + " failed: " + FailureDescriptions.describe(ex), ex));
			return false;
		}
		long tookNanos = System.nanoTime() - startedAt;
		boolean failedBefore = this.lastFailure != null;
		this.step = requestedStep;
		this.lastFetchNanos = startedAt;
		this.lastFetchAt = Instant.now();
		this.lastFetchMillis = TimeUnit.NANOSECONDS.toMillis(tookNanos);
		this.fetchedBefore = true;
		finish(claimed, new Block(segment, this.settings.prefetchAt()), null);
		if (failedBefore) {
			logger.info("Sequence {} reserves segments again", SequenceNames.quote(this.name));
		}
		report(() -> this.observer.segmentFetched(this.name, segment.size(), Duration.ofNanos(tookNanos)));
		return true;
	}

	/**
	 * Ask the store for a segment, marked as in the store meanwhile (see
	 * {@link #isInStore()}).
	 */
	private Segment allocate(long requestedStep) {
		this.inStore = true;
		try {
			return this.store.allocate(this.name, requestedStep, this.settings.bounds());
		}
		finally {
			this.inStore = false;
		}
	}

	private void failedTransiently(Fetch claimed, long startedAt, BackendUnavailableException failure) {
		reportFailure(startedAt, failure);
		retryLater(claimed, failure);
	}

	private void reportFailure(long startedAt, RuntimeException failure) {
		Duration took = Duration.ofNanos(System.nanoTime() - startedAt);
		report(() -> this.observer.fetchFailed(this.name, took, failure));
	}

	/**
	 * Tell the observer of a fetch's outcome or of a caller's wait, throwing nothing: the
	 * observer's guard ({@link SequenceObserver#guarded}) logs what it throws but a
	 * {@link VirtualMachineError}, which is logged here, so that a fetch that published
	 * its segment is not taken for a failed one, nor a failure for another, and a batch
	 * that waited does not lose the IDs it took before.
	 */
	private void report(Runnable call) {
		try {
			call.run();
		}
		catch (VirtualMachineError ex) {
			logger.error("The observer of sequence {} failed", SequenceNames.quote(this.name), ex);
		}
	}

	/**
	 * Record a transient failure of the claimed fetch, whose next attempt is scheduled
	 * after it, and wake the waiting callers; nothing if the fetch is no longer claimed.
	 */
	private void retryLater(Fetch claimed, RuntimeException failure) {
		if (this.lastFailure == null) {
			logger.warn("Sequence {} could not reserve a segment; retrying in the background",
					SequenceNames.quote(this.name), failure);
		}
		else {
			logger.debug("Sequence {} could not reserve a segment", SequenceNames.quote(this.name), failure);
		}
		this.lock.lock();
		try {
			if (this.fetch.get() == claimed) {
				this.lastFailure = failure;
				this.segmentChanged.signalAll();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	private static boolean isPermanent(RuntimeException failure) {
		return failure != null && !(failure instanceof BackendUnavailableException);
	}

	private long nextStep() {
		if (!this.fetchedBefore) {
			return this.step;
		}
		Duration lasted = Duration.ofNanos(System.nanoTime() - this.lastFetchNanos);
		return this.settings.stepPolicy().nextStep(this.step, lasted);
	}

	/**
	 * End a fetch, if it is still the claimed one: publish its segment or its permanent
	 * failure, release the claim and wake the waiting callers.
	 */
	private void finish(Fetch claimed, Block fetched, RuntimeException failure) {
		this.lock.lock();
		try {
			if (this.fetch.get() != claimed) {
				return;
			}
			if (fetched != null) {
				this.next = fetched;
			}
			this.lastFailure = failure;
			if (failure != null) {
				this.lastFailureNanos = System.nanoTime();
			}
			this.fetch.set(null);
			this.segmentChanged.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Release a claim without a segment, if it is still the claimed one, and wake the
	 * waiting callers, which start a new fetch if they still need one.
	 */
	private void release(Fetch claimed) {
		this.lock.lock();
		try {
			if (this.fetch.compareAndSet(claimed, null)) {
				this.segmentChanged.signalAll();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Start the fetch that the prefetch trigger of the current segment would have
	 * started, if the segment is past its prefetch offset and nothing is fetched: the
	 * trigger fires once per segment, and a claim held at that moment made it miss.
	 */
	private void prefetchIfTriggerPassed() {
		Block block = this.current;
		if (block.size > 0 && block.cursor > block.prefetchOffset && this.next == null) {
			prefetch();
		}
	}

	/**
	 * A snapshot of a {@link SegmentBuffer}.
	 *
	 * @param name the sequence name
	 * @param segmentStart the first ID of the current segment, {@code null} before the
	 * first fetch
	 * @param segmentEnd the ID after the last one of the current segment, {@code null}
	 * before the first fetch
	 * @param remaining the IDs left in the current segment
	 * @param prefetched the IDs in the prefetched next segment, 0 if none is ready
	 * @param step the step of the latest fetch
	 * @param lastFailure the message of the latest fetch failure, {@code null} if the
	 * latest fetch succeeded
	 * @param nextStep the step the next fetch would ask for if it started now
	 * @param lastFetchAt when the latest successful fetch ended, {@code null} before the
	 * first one
	 * @param lastFetchMillis how long the latest successful fetch took, {@code null}
	 * before the first one
	 */
	public record State(String name, Long segmentStart, Long segmentEnd, long remaining, long prefetched, long step,
			String lastFailure, long nextStep, Instant lastFetchAt, Long lastFetchMillis) {

	}

	/**
	 * Where tests hold a thread within a claim of a fetch. Both methods do nothing in
	 * {@link #NONE}, which every buffer but a test's uses.
	 */
	interface ClaimHook {

		/**
		 * A hook that does nothing.
		 */
		ClaimHook NONE = new ClaimHook() {
		};

		/**
		 * Called after a thread found no fetched segment waiting and before it tries to
		 * claim a fetch.
		 */
		default void beforeClaim() {
		}

		/**
		 * Called after a thread claimed a fetch and found that a fetched segment is
		 * waiting meanwhile, before it releases the claim.
		 */
		default void claimedWhileASegmentWaits() {
		}

	}

	/**
	 * A claim of the right to fetch, and the back-off of its retries. Its attempts run
	 * one after the other, each scheduling the next, so the back-off needs no
	 * synchronization beyond what the executor gives.
	 */
	private static final class Fetch {

		private long retryDelayNanos = MIN_RETRY_DELAY_NANOS;

	}

	/**
	 * The fixed range of a segment being served, read by every caller after it advanced
	 * the cursor.
	 */
	private abstract static class BlockRange {

		final long start;

		final long size;

		final long stride;

		final long prefetchOffset;

		BlockRange(long start, long size, long stride, long prefetchOffset) {
			this.start = start;
			this.size = size;
			this.stride = stride;
			this.prefetchOffset = prefetchOffset;
		}

		long last() {
			return this.start + (this.size - 1) * this.stride;
		}

	}

	/**
	 * 128 bytes between the range and the cursor. Without them the cursor, written by
	 * every caller, shares a cache line with the range that every caller reads next, and
	 * two threads slow each other down by about a quarter (false sharing, measured with
	 * the JMH benchmarks). HotSpot lays out superclass fields first, so the padding sits
	 * between the two.
	 */
	@SuppressWarnings("unused")
	private abstract static class BlockPadding extends BlockRange {

		private long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;

		BlockPadding(long start, long size, long stride, long prefetchOffset) {
			super(start, size, stride, prefetchOffset);
		}

	}

	/**
	 * A segment being served: a fixed range and a cursor that callers advance.
	 */
	private static final class Block extends BlockPadding {

		private static final VarHandle CURSOR;

		static {
			try {
				CURSOR = MethodHandles.lookup().findVarHandle(Block.class, "cursor", long.class);
			}
			catch (ReflectiveOperationException ex) {
				throw new ExceptionInInitializerError(ex);
			}
		}

		/**
		 * The offset of the next ID to hand out. Advanced by every caller; passes
		 * {@link #size} by at most the number of concurrent callers' requests.
		 */
		@SuppressWarnings("unused")
		private volatile long cursor;

		Block(Segment segment, double prefetchAt) {
			this(segment.start(), segment.size(), segment.stride(), (long) (segment.size() * prefetchAt));
		}

		private Block(long start, long size, long stride, long prefetchOffset) {
			super(start, size, stride, prefetchOffset);
		}

		static Block empty() {
			return new Block(0, 0, 1, 0);
		}

		long take(long count) {
			return (long) CURSOR.getAndAdd(this, count);
		}

		long remaining() {
			return Math.max(0, this.size - this.cursor);
		}

	}

}
