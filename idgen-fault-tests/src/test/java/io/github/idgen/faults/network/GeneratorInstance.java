package io.github.idgen.faults.network;

import java.time.Duration;
import java.util.Map;

import io.github.idgen.Sequence;
import io.github.idgen.faults.network.ProxiedBackend.StoreClient;
import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;

/**
 * One generator instance, as one application server runs it, serving one sequence over a
 * store with a client of its own: the segment engine over the store, or, in Redis
 * increment mode ({@link #increment}), a {@link RedisIncrementSequence} that takes every
 * ID from the store's counter.
 */
final class GeneratorInstance implements AutoCloseable {

	private final StoreClient client;

	private final Sequence sequence;

	private final Runnable availabilityCheck;

	private final AutoCloseable engine;

	/**
	 * Create an instance that serves the sequence from segments of the store.
	 * @param client the store and its client
	 * @param settings the segment settings
	 * @param sequenceName the sequence's name
	 */
	GeneratorInstance(StoreClient client, SegmentSettings settings, String sequenceName) {
		this(client, new SegmentSequences(client.store(), settings, Map.of()), sequenceName);
	}

	private GeneratorInstance(StoreClient client, SegmentSequences sequences, String sequenceName) {
		this(client, sequences.create(sequenceName), sequences::checkAvailable, sequences);
	}

	private GeneratorInstance(StoreClient client, Sequence sequence, Runnable availabilityCheck, AutoCloseable engine) {
		this.client = client;
		this.sequence = sequence;
		this.availabilityCheck = availabilityCheck;
		this.engine = engine;
	}

	/**
	 * Create an instance that serves the sequence in Redis increment mode, from 1: each
	 * call takes its ID from the counter, nothing is buffered.
	 * @param client a {@link RedisSegmentStore} without a floor and its client
	 * @param sequenceName the sequence's name
	 * @param waitTimeout how long a caller waits behind a reservation in flight, as the
	 * application's {@code fetch-timeout}
	 * @return the instance
	 */
	static GeneratorInstance increment(StoreClient client, String sequenceName, Duration waitTimeout) {
		RedisSegmentStore store = (RedisSegmentStore) client.store();
		return new GeneratorInstance(client, new RedisIncrementSequence(store, sequenceName, 1, waitTimeout),
				store::checkAvailable, () -> {
				});
	}

	long next() {
		return this.sequence.next();
	}

	/**
	 * Check the backend as the health indicator does.
	 */
	void checkAvailable() {
		this.availabilityCheck.run();
	}

	/**
	 * Stop the fetch threads, if the instance has any, then close the client.
	 */
	@Override
	public void close() throws Exception {
		this.engine.close();
		this.client.close();
	}

}
