package io.github.idgen.redis;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.github.idgen.CounterLostException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceMode;
import io.github.idgen.SequenceNames;
import io.github.idgen.redis.time.RedisTimeSequences;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentSequences;

/**
 * The sequences of the Redis backend, each served in its {@link SequenceMode}: segments
 * over a {@link RedisSegmentStore}, one {@link RedisIncrementSequence} INCR per ID, or
 * IDs composed from Redis TIME. It reports itself unavailable once a counter-loss guard
 * of the segment or the increment store has tripped, so that health shows it.
 */
public final class RedisSequences implements SequenceBackend, AutoCloseable {

	private static final String ARMED = "armed";

	private final RedisSegmentStore segmentStore;

	private final SegmentSequences segments;

	private final RedisSegmentStore incrementStore;

	private final RedisTimeSequences times;

	private final PerSequence settings;

	/**
	 * Create the sequences of the Redis backend.
	 * @param segmentStore the store of the sequences in segment mode
	 * @param segments the segment-mode sequences over that store
	 * @param incrementStore the store of the sequences in increment mode, without a floor
	 * @param times the sequences in time mode
	 * @param settings the mode, the first ID and the wait timeout in increment mode of
	 * each sequence
	 */
	public RedisSequences(RedisSegmentStore segmentStore, SegmentSequences segments, RedisSegmentStore incrementStore,
			RedisTimeSequences times, PerSequence settings) {
		this.segmentStore = segmentStore;
		this.segments = segments;
		this.incrementStore = incrementStore;
		this.times = times;
		this.settings = settings;
	}

	@Override
	public Sequence create(String name) {
		return switch (this.settings.mode(name)) {
			case SEGMENT -> this.segments.create(name);
			case INCREMENT -> new RedisIncrementSequence(this.incrementStore, name, this.settings.start(name),
					this.settings.waitTimeout(name));
			case TIME -> this.times.create(name);
		};
	}

	/**
	 * Reserve a segment of a sequence in segment mode from its store; the IDs of a
	 * sequence in increment or time mode do not come in segments.
	 */
	@Override
	public Segment reserve(String sequence, long size) {
		SequenceMode mode = this.settings.mode(sequence);
		if (mode != SequenceMode.SEGMENT) {
			throw new UnsupportedOperationException("Sequence " + SequenceNames.quote(sequence) + " is served in "
					+ mode.name().toLowerCase(Locale.ROOT) + " mode, whose IDs do not come in segments");
		}
		return this.segments.reserve(sequence, size);
	}

	/**
	 * Check the name as every backend does, and that it has no braces, which would break
	 * the Redis Cluster hash tag of its keys.
	 */
	@Override
	public String validateName(String name) {
		return RedisKeys.validateSequence(SequenceNames.validate(name));
	}

	@Override
	public void checkAvailable() {
		this.segmentStore.checkAvailable();
		Map<String, String> tripped = new LinkedHashMap<>(this.segmentStore.trippedGuards());
		tripped.putAll(this.incrementStore.trippedGuards());
		if (!tripped.isEmpty()) {
			throw new CounterLostException(tripped.keySet().iterator().next(),
					"The counter-loss guard has tripped for " + tripped);
		}
	}

	/**
	 * Return the mode of a sequence and, in segment and increment mode, the state of its
	 * counter-loss guard: {@code armed}, or why it tripped; in segment mode also whether
	 * a floor backs the counter.
	 */
	@Override
	public Map<String, Object> details(String sequence) {
		SequenceMode mode = this.settings.mode(sequence);
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("mode", mode.name().toLowerCase(Locale.ROOT));
		if (mode == SequenceMode.SEGMENT) {
			details.put("guard", this.segmentStore.trippedGuards().getOrDefault(sequence, ARMED));
			details.put("floor", this.segmentStore.hasFloor());
		}
		else if (mode == SequenceMode.INCREMENT) {
			details.put("guard", this.incrementStore.trippedGuards().getOrDefault(sequence, ARMED));
		}
		return details;
	}

	/**
	 * End the segment fetch threads and close the connections to the time-mode nodes that
	 * the time-mode sequences opened themselves.
	 */
	@Override
	public void close() throws Exception {
		this.segments.close();
		this.times.close();
	}

	/**
	 * The settings of each sequence that the Redis backend needs beyond its segment
	 * settings. A period counter such as {@code order@20261121} is asked for by its own
	 * name.
	 */
	public interface PerSequence {

		/**
		 * Return how the sequence is served.
		 * @param sequence the sequence or period counter name
		 * @return its mode
		 */
		SequenceMode mode(String sequence);

		/**
		 * Return the first ID of the sequence, used in increment mode when its counter is
		 * created.
		 * @param sequence the sequence or period counter name
		 * @return its first ID
		 */
		long start(String sequence);

		/**
		 * Return how long a caller of the sequence in increment mode waits for a
		 * reservation that another caller runs.
		 * @param sequence the sequence or period counter name
		 * @return the wait timeout, positive
		 */
		Duration waitTimeout(String sequence);

	}

}
