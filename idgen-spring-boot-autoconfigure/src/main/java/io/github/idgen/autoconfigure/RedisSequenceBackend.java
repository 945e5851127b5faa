package io.github.idgen.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.CounterLostException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.IdGeneratorProperties.RedisMode;
import io.github.idgen.autoconfigure.IdGeneratorProperties.SequenceProperties;
import io.github.idgen.format.ResetPeriod;
import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.redis.RedisKeys;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.redis.time.RedisTimeSequence;
import io.github.idgen.redis.time.RedisTimeSettings;
import io.github.idgen.segment.SegmentSequences;

/**
 * The Redis backend: serves each sequence in its mode, {@code idgen.sequences.<name>.mode}
 * or else {@code idgen.redis.mode}. It refuses to serve IDs, as far as health is
 * concerned, once a counter-loss guard has tripped.
 */
class RedisSequenceBackend implements SequenceBackend, AutoCloseable {

	private static final String ARMED = "armed";

	private final IdGeneratorProperties properties;

	private final RedisSegmentStore store;

	private final SegmentSequences segments;

	private final RedisSegmentStore incrementStore;

	private final RedisConnectionFactory connectionFactory;

	private final RedisTimeSettings timeSettings;

	private final List<? extends RedisConnectionFactory> timeNodes;

	RedisSequenceBackend(IdGeneratorProperties properties, RedisSegmentStore store, SegmentSequences segments,
			RedisSegmentStore incrementStore, RedisConnectionFactory connectionFactory,
			RedisTimeSettings timeSettings, List<? extends RedisConnectionFactory> timeNodes) {
		this.properties = properties;
		this.store = store;
		this.segments = segments;
		this.incrementStore = incrementStore;
		this.connectionFactory = connectionFactory;
		this.timeSettings = timeSettings;
		this.timeNodes = timeNodes;
	}

	@Override
	public Sequence create(String name) {
		SequenceProperties sequence = settingsOf(name);
		RedisMode mode = modeOf(sequence);
		return switch (mode) {
			case SEGMENT -> this.segments.create(name);
			case INCREMENT -> new RedisIncrementSequence(this.incrementStore, name,
					(sequence != null) ? sequence.getStart() : 1);
			case TIME -> new RedisTimeSequence(name, this.timeNodes,
					ThreadLocalRandom.current().nextInt(this.timeNodes.size()), this.timeSettings);
		};
	}

	/**
	 * Check the name as every backend does, and that it has no braces, which would break
	 * the Redis Cluster hash tag of its keys.
	 */
	@Override
	public String validateName(String name) {
		return RedisKeys.validateSequence(SequenceNames.validate(name));
	}

	private SequenceProperties settingsOf(String name) {
		Map<String, SequenceProperties> sequences = this.properties.getSequences();
		return sequences.getOrDefault(name, sequences.get(ResetPeriod.sequenceOf(name)));
	}

	private RedisMode modeOf(SequenceProperties sequence) {
		return (sequence != null && sequence.getMode() != null) ? sequence.getMode()
				: this.properties.getRedis().getMode();
	}

	@Override
	public void checkAvailable() {
		this.store.checkAvailable();
		Map<String, String> tripped = new LinkedHashMap<>(this.store.trippedGuards());
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
		RedisMode mode = modeOf(settingsOf(sequence));
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("mode", mode.name().toLowerCase(Locale.ROOT));
		if (mode == RedisMode.SEGMENT) {
			details.put("guard", this.store.trippedGuards().getOrDefault(sequence, ARMED));
			details.put("floor", this.store.hasFloor());
		}
		else if (mode == RedisMode.INCREMENT) {
			details.put("guard", this.incrementStore.trippedGuards().getOrDefault(sequence, ARMED));
		}
		return details;
	}

	/**
	 * End the segment fetch threads and close the connections to the time-mode nodes
	 * that this backend opened itself.
	 */
	@Override
	public void close() throws Exception {
		this.segments.close();
		for (RedisConnectionFactory node : this.timeNodes) {
			if (node != this.connectionFactory && node instanceof DisposableBean disposable) {
				disposable.destroy();
			}
		}
	}

}
