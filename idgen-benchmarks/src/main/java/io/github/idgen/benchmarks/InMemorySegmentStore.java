package io.github.idgen.benchmarks;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link SegmentStore} that keeps one {@link AtomicLong} counter per sequence in
 * memory, so that benchmarks measure the engine rather than a backend. A counter is
 * created at {@code start - 1} on first use. The counters never get near
 * {@code Long.MAX_VALUE} in a benchmark run, so exhaustion is not checked.
 */
public final class InMemorySegmentStore implements SegmentStore {

	private final ConcurrentMap<String, AtomicLong> counters = new ConcurrentHashMap<>();

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		if (step < 1) {
			throw new IllegalArgumentException("step must be at least 1 but was " + step);
		}
		if (bounds.isBounded()) {
			throw new IllegalArgumentException("The benchmark store serves unbounded sequences only");
		}
		AtomicLong counter = this.counters.computeIfAbsent(sequence, (name) -> new AtomicLong(bounds.start() - 1));
		return Segment.endingAt(counter.addAndGet(step), step);
	}

	@Override
	public void checkAvailable() {
	}

}
