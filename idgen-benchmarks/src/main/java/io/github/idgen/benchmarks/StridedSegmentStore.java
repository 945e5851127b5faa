package io.github.idgen.benchmarks;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link SegmentStore} that keeps its counters in memory and hands out segments of a
 * fixed stride: {@code step} IDs, every {@code stride}-th one from the first, as a store
 * that is one stripe of {@code stride} would. With stride 1 it hands out contiguous
 * segments, so that a benchmark can compare the two with the same store code. It serves
 * unbounded sequences only and reserves with one atomic add: the hot path is measured,
 * not the store.
 */
public final class StridedSegmentStore implements SegmentStore {

	private final ConcurrentMap<String, AtomicLong> counters = new ConcurrentHashMap<>();

	private final long stride;

	/**
	 * Create a store.
	 * @param stride the distance between two consecutive IDs of a segment, at least 1
	 */
	public StridedSegmentStore(long stride) {
		if (stride < 1) {
			throw new IllegalArgumentException("Stride must be at least 1 but was " + stride);
		}
		this.stride = stride;
	}

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		if (bounds.isBounded()) {
			throw new IllegalArgumentException("Bounded sequences are not supported: " + sequence);
		}
		AtomicLong counter = this.counters.computeIfAbsent(sequence,
				(name) -> new AtomicLong(bounds.start() - this.stride));
		long before = counter.getAndAdd(step * this.stride);
		long first = before + this.stride;
		long last = before + step * this.stride;
		return new Segment(first, last + 1, this.stride);
	}

	@Override
	public void checkAvailable() {
	}

}
