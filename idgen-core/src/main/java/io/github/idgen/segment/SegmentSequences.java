package io.github.idgen.segment;

import java.util.Map;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceObserver;
import io.github.idgen.format.ResetPeriod;

/**
 * Creates a {@link SegmentBuffer} per sequence over one {@link SegmentStore}, with the
 * sequence's configured settings (a period counter such as {@code order@20261121} takes
 * those of {@code order}) or the defaults.
 * <p>
 * Segments are fetched on at most {@value #MAX_FETCH_THREADS} daemon threads named
 * {@code idgen-fetch-N}, created on demand and idle for at most a minute, shared by every
 * sequence of the factory; a fetch that waits to retry holds none of them, so sequences
 * that keep failing cannot starve the others. {@link #close()} ends them: IDs already
 * reserved are still served, but a buffer that needs a new segment afterwards throws
 * {@link io.github.idgen.BackendUnavailableException}.
 */
public class SegmentSequences implements SequenceBackend, AutoCloseable {

	/**
	 * The most threads that fetch segments for the sequences of one factory at once. A
	 * fetch that waits to retry holds none; one that hangs in the store (a row lock held
	 * forever, a socket without a timeout) holds one until the store answers.
	 */
	public static final int MAX_FETCH_THREADS = 4;

	private static final long FETCH_THREAD_KEEP_ALIVE_SECONDS = 60;

	private final SegmentStore store;

	private final SegmentSettings defaults;

	private final Map<String, SegmentSettings> configured;

	private final SequenceObserver observer;

	private final ScheduledThreadPoolExecutor fetchExecutor = fetchExecutor();

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
		this.store = store;
		this.defaults = defaults;
		this.configured = Map.copyOf(configured);
		this.observer = SequenceObserver.guarded(observer);
	}

	private static ScheduledThreadPoolExecutor fetchExecutor() {
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(MAX_FETCH_THREADS,
				new FetchThreadFactory());
		executor.setKeepAliveTime(FETCH_THREAD_KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
		executor.allowCoreThreadTimeOut(true);
		executor.setRemoveOnCancelPolicy(true);
		return executor;
	}

	@Override
	public SegmentBuffer create(String name) {
		return new SegmentBuffer(name, this.store, settings(name), this.fetchExecutor, this.observer);
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

	@Override
	public Map<String, Object> storeDetails() {
		return this.store.details();
	}

	/**
	 * Stop fetching segments and end the fetch threads, waiting at most five seconds.
	 */
	@Override
	public void close() {
		this.fetchExecutor.shutdownNow();
		try {
			this.fetchExecutor.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static final class FetchThreadFactory implements ThreadFactory {

		private final AtomicInteger count = new AtomicInteger();

		@Override
		public Thread newThread(Runnable task) {
			Thread thread = new Thread(task, "idgen-fetch-" + this.count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		}

	}

}
