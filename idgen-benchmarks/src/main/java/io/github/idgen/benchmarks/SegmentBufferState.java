package io.github.idgen.benchmarks;

import java.util.Map;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentStore;

/**
 * A buffer of the {@value IdGeneratorBenchmark#SEQUENCE} sequence with the default
 * segment settings, shared by all threads of a benchmark, over the store a subclass
 * creates: the state of the benchmarks that compare the hot path over different stores.
 */
@State(Scope.Benchmark)
public abstract class SegmentBufferState {

	SegmentSequences sequences;

	SegmentBuffer sequence;

	/**
	 * Create the buffer.
	 */
	@Setup
	public void createBuffer() {
		this.sequences = new SegmentSequences(createStore(), IdGeneratorBenchmark.defaultSettings(), Map.of());
		this.sequence = this.sequences.create(IdGeneratorBenchmark.SEQUENCE);
	}

	/**
	 * Stop the background fetches and close the store.
	 */
	@TearDown
	public void close() {
		this.sequences.close();
		closeStore();
	}

	/**
	 * Create the store the buffer reserves segments from.
	 * @return the store
	 */
	protected abstract SegmentStore createStore();

	/**
	 * Close the store, or what it needs, if anything.
	 */
	protected void closeStore() {
	}

}
