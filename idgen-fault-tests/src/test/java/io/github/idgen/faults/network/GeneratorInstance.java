package io.github.idgen.faults.network;

import java.util.Map;

import io.github.idgen.Sequence;
import io.github.idgen.faults.network.ProxiedBackend.StoreClient;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;

/**
 * One generator instance, as one application server runs it: the segment engine over a
 * store with a client of its own, serving one sequence.
 */
final class GeneratorInstance implements AutoCloseable {

	private final StoreClient client;

	private final SegmentSequences sequences;

	private final Sequence sequence;

	GeneratorInstance(StoreClient client, SegmentSettings settings, String sequenceName) {
		this.client = client;
		this.sequences = new SegmentSequences(client.store(), settings, Map.of());
		this.sequence = this.sequences.create(sequenceName);
	}

	long next() {
		return this.sequence.next();
	}

	/**
	 * Check the backend as the health indicator does.
	 */
	void checkAvailable() {
		this.sequences.checkAvailable();
	}

	/**
	 * Stop the fetch threads, then close the client.
	 */
	@Override
	public void close() throws Exception {
		this.sequences.close();
		this.client.close();
	}

}
