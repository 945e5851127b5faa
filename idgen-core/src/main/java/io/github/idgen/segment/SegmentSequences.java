package io.github.idgen.segment;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceNames;
import io.github.idgen.SequenceObserver;
import io.github.idgen.background.BackgroundScheduler;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.format.ResetPeriod;

/**
 * Creates a {@link SegmentBuffer} per sequence over one {@link SegmentStore}, with the
 * sequence's configured settings (a period counter such as {@code order@20261121} takes
 * those of {@code order}) or the defaults.
 * <p>
 * Segments are fetched by at most {@value #MAX_FETCH_THREADS} tasks at a time, shared by
 * every sequence of the factory, on the {@link BackgroundThreads} it is given: by default
 * daemon threads of its own named {@code idgen-fetch-N}, created on demand and idle for
 * at most a minute; or virtual threads of its own; or an executor of the application's,
 * to which it hands at most {@value #MAX_FETCH_THREADS} fetches at a time. A fetch that
 * waits to retry holds none of them, so sequences that keep failing cannot starve the
 * others. {@link #close()} ends the fetches (and its own threads; never an executor of
 * the application's): IDs already reserved are still served, but a buffer that needs a
 * new segment afterwards throws {@link io.github.idgen.BackendUnavailableException}, and
 * so does at once a caller that was waiting for one.
 * <p>
 * The buffers created are kept in {@link #buffers}, a lock-free queue that
 * {@link #create(String)} adds to from any thread and {@link #close()} reads, so that
 * closing can wake their waiting callers; the generator that serves them holds them as
 * long anyway.
 */
public class SegmentSequences implements SequenceBackend, AutoCloseable {

	/**
	 * The most fetches of segments under way at once for the sequences of one factory:
	 * threads of its own, or tasks handed to an executor of the application's. A fetch
	 * that waits to retry holds none; one that hangs in the store (a row lock held
	 * forever, a socket without a timeout) holds one until the store answers.
	 */
	public static final int MAX_FETCH_THREADS = 4;

	private static final Logger logger = LoggerFactory.getLogger(SegmentSequences.class);

	/**
	 * How long {@link #close()} waits for the fetches under way to end.
	 */
	private static final long CLOSE_TIMEOUT_SECONDS = 5;

	private final SegmentStore store;

	private final SegmentSettings defaults;

	private final Map<String, SegmentSettings> configured;

	private final SequenceObserver observer;

	private final BackgroundScheduler fetchExecutor;

	private final Queue<SegmentBuffer> buffers = new ConcurrentLinkedQueue<>();

	/**
	 * The reservations of each sequence that {@link #reserve} made: a lock that runs them
	 * one at a time and the guard that only the holder of the lock uses.
	 */
	private final Map<String, Reservations> reservations = new ConcurrentHashMap<>();

	/**
	 * Create a factory.
	 * @param store the store that reserves segments
	 * @param defaults the settings of sequences that are not configured
	 * @param configured the settings of each configured sequence
	 */
	public SegmentSequences(SegmentStore store, SegmentSettings defaults, Map<String, SegmentSettings> configured) {
		this(store, defaults, configured, SequenceObserver.NONE);
	}

	/**
	 * Create a factory whose buffers report their fetches and waits to an observer.
	 * @param store the store that reserves segments
	 * @param defaults the settings of sequences that are not configured
	 * @param configured the settings of each configured sequence
	 * @param observer hears of the fetches and waits of every buffer
	 */
	public SegmentSequences(SegmentStore store, SegmentSettings defaults, Map<String, SegmentSettings> configured,
			SequenceObserver observer) {
		this(store, defaults, configured, observer, BackgroundThreads.daemon());
	}

	/**
	 * Create a factory whose buffers report to an observer and fetch on the given
	 * background threads.
	 * @param store the store that reserves segments
	 * @param defaults the settings of sequences that are not configured
	 * @param configured the settings of each configured sequence
	 * @param observer hears of the fetches and waits of every buffer
	 * @param threads what runs the fetches, at most {@value #MAX_FETCH_THREADS} at a time
	 */
	public SegmentSequences(SegmentStore store, SegmentSettings defaults, Map<String, SegmentSettings> configured,
			SequenceObserver observer, BackgroundThreads threads) {
		this.store = store;
		this.defaults = defaults;
		this.configured = Map.copyOf(configured);
		this.observer = SequenceObserver.guarded(observer);
		this.fetchExecutor = threads.scheduler("idgen-fetch", MAX_FETCH_THREADS);
	}

	@Override
	public SegmentBuffer create(String name) {
		SegmentBuffer buffer = new SegmentBuffer(name, this.store, settings(name), this.fetchExecutor, this.observer);
		this.buffers.add(buffer);
		return buffer;
	}

	private SegmentSettings settings(String name) {
		SegmentSettings settings = this.configured.get(name);
		return (settings != null) ? settings
				: this.configured.getOrDefault(ResetPeriod.sequenceOf(name), this.defaults);
	}

	@Override
	public void checkAvailable() {
		this.store.checkAvailable();
	}

	/**
	 * Reserve a segment straight from the store, with the sequence's bounds (those of
	 * {@code order} for a period counter such as {@code order@20261121}), checked as the
	 * buffers check theirs: one that ends past the max-value is refused, and so is one
	 * that does not start above the last segment reserved so far for the sequence (a
	 * counter that went back, restored from a backup or on a replica that was behind),
	 * with {@link io.github.idgen.CounterLostException}. The reservations of one sequence
	 * run one at a time, so that the guard sees them in the order the store made them.
	 * @throws BackendUnavailableException if interrupted while another reservation of the
	 * sequence runs
	 */
	@Override
	public Segment reserve(String sequence, long size) {
		if (size < 1) {
			throw new IllegalArgumentException("size must be at least 1 but was " + size);
		}
		SequenceBounds bounds = settings(sequence).bounds();
		Reservations reservations = this.reservations.computeIfAbsent(sequence,
				(name) -> new Reservations(new ReentrantLock(), new SegmentGuard(name, bounds)));
		try {
			reservations.lock().lockInterruptibly();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BackendUnavailableException(
					"Interrupted while waiting to reserve a segment of sequence " + SequenceNames.quote(sequence));
		}
		try {
			return reservations.guard().check(this.store.allocate(sequence, size, bounds));
		}
		finally {
			reservations.lock().unlock();
		}
	}

	/**
	 * Return the store's {@link SegmentStore#counter counter} of the sequence, or one
	 * below the sequence's start if the store holds none.
	 */
	@Override
	public long reservedUpTo(String sequence) {
		OptionalLong counter = this.store.counter(sequence);
		return counter.isPresent() ? counter.getAsLong() : settings(sequence).bounds().start() - 1;
	}

	@Override
	public Map<String, Object> storeDetails() {
		return this.store.details();
	}

	/**
	 * Stop fetching segments: drop the fetches that wait, interrupt those under way, tell
	 * the callers waiting for a segment at once, and wait at most five seconds for the
	 * fetches under way to end; if some still run then (a store that ignores the
	 * interrupt), log a warning naming their sequences and leave them. Ends the fetch
	 * threads of its own, never an executor of the application's.
	 */
	@Override
	public void close() {
		this.fetchExecutor.shutdownNow();
		this.buffers.forEach(SegmentBuffer::wakeWaitingCallers);
		try {
			if (!this.fetchExecutor.awaitTermination(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
				logger.warn(
						"Fetches of segments of {} still ran in the store {} s after idgen was closed, "
								+ "interrupted; their threads are left to end when the store answers",
						stillFetching(), CLOSE_TIMEOUT_SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private String stillFetching() {
		List<String> names = this.buffers.stream()
			.filter(SegmentBuffer::isInStore)
			.map((buffer) -> SequenceNames.quote(buffer.name()))
			.toList();
		return names.isEmpty() ? "a sequence" : "sequence " + String.join(", ", names);
	}

	/**
	 * The reservations of one sequence: the lock its reservations hold and the guard of
	 * the segments they received.
	 *
	 * @param lock held while a reservation runs
	 * @param guard the check of each segment, used under the lock only
	 */
	private record Reservations(ReentrantLock lock, SegmentGuard guard) {
	}

}
