package io.github.idgen.segment;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.IdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceNames;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.UnknownSequencePolicy;

/**
 * An {@link IdGenerator} that serves every sequence from a {@link SegmentBuffer} over one
 * {@link SegmentStore}.
 * <p>
 * Configured sequences and the default sequence are always served. Any other name is
 * handled as the {@link UnknownSequencePolicy} says. Buffers are created on first use
 * and kept for the life of the generator. Segments are fetched on daemon threads named
 * {@code idgen-fetch-N}, created on demand and ended by {@link #close()}.
 */
public class SegmentIdGenerator implements IdGenerator, AutoCloseable {

	private final SegmentStore store;

	private final String defaultSequence;

	private final UnknownSequencePolicy unknownSequences;

	private final SegmentSettings defaults;

	private final Map<String, SegmentSettings> configured;

	private final ThreadPoolExecutor fetchExecutor;

	private final ConcurrentMap<String, SegmentBuffer> buffers = new ConcurrentHashMap<>();

	/**
	 * Create a generator.
	 * @param store the store that reserves segments
	 * @param defaults the settings of the default sequence and of unknown sequences that
	 * are created
	 * @param configured the settings of each configured sequence
	 * @param defaultSequence the name of the default sequence
	 * @param unknownSequences what to do with a sequence that is not configured
	 */
	public SegmentIdGenerator(SegmentStore store, SegmentSettings defaults, Map<String, SegmentSettings> configured,
			String defaultSequence, UnknownSequencePolicy unknownSequences) {
		this.store = store;
		this.defaults = defaults;
		this.configured = Map.copyOf(configured);
		this.configured.keySet().forEach(SequenceNames::validate);
		this.defaultSequence = SequenceNames.validate(defaultSequence);
		this.unknownSequences = unknownSequences;
		this.fetchExecutor = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
				new SynchronousQueue<>(), new FetchThreadFactory());
	}

	@Override
	public long nextId(String sequence) {
		return sequence(sequence).next();
	}

	@Override
	public long nextId() {
		return sequence(this.defaultSequence).next();
	}

	@Override
	public long[] nextIds(String sequence, int count) {
		return sequence(sequence).next(count);
	}

	@Override
	public Sequence sequence(String name) {
		if (name == null) {
			throw new IllegalArgumentException("Sequence name must not be null");
		}
		SegmentBuffer buffer = this.buffers.get(name);
		return (buffer != null) ? buffer : resolve(name);
	}

	private Sequence resolve(String name) {
		if (name.equals(this.defaultSequence) || this.configured.containsKey(name)) {
			return buffer(name);
		}
		return switch (this.unknownSequences) {
			case CREATE -> buffer(SequenceNames.validate(name));
			case SHARE -> buffer(this.defaultSequence);
			case REJECT -> throw new UnknownSequenceException(name);
		};
	}

	private SegmentBuffer buffer(String name) {
		return this.buffers.computeIfAbsent(name,
				(key) -> new SegmentBuffer(key, this.store, this.configured.getOrDefault(key, this.defaults), this.fetchExecutor));
	}

	/**
	 * Return the state of every sequence that has been used so far.
	 * @return one state per sequence, in no particular order
	 */
	public List<SegmentBuffer.State> sequenceStates() {
		return this.buffers.values().stream().map(SegmentBuffer::state).toList();
	}

	/**
	 * Return the store this generator reserves segments from.
	 * @return the store
	 */
	public SegmentStore getStore() {
		return this.store;
	}

	/**
	 * Stop fetching segments. IDs already reserved are still served; a caller that needs
	 * a new segment afterwards gets a {@link io.github.idgen.BackendUnavailableException}.
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
