package io.github.idgen.segment;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link SegmentStore} test double that keeps its counters in memory, honours
 * {@link SequenceBounds} with a compare-and-set, and records every allocation (an append
 * to a lock-free queue, so that benchmarks measure the engine rather than the store). It
 * is not a full store: each instance has counters of its own and names are not checked,
 * so it passes the bounded-sequence suite but not {@link AbstractSegmentStoreTest}.
 */
public class InMemorySegmentStore implements SegmentStore {

	private final ConcurrentMap<String, AtomicLong> counters = new ConcurrentHashMap<>();

	private final Queue<Long> requestedSteps = new ConcurrentLinkedQueue<>();

	private final AtomicInteger attempts = new AtomicInteger();

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		this.attempts.incrementAndGet();
		AtomicLong counter = this.counters.computeIfAbsent(sequence, (name) -> new AtomicLong(bounds.start() - 1));
		for (;;) {
			long current = counter.get();
			Segment segment = bounds.next(sequence, current, step);
			if (counter.compareAndSet(current, segment.end() - 1)) {
				this.requestedSteps.add(step);
				return segment;
			}
		}
	}

	@Override
	public void checkAvailable() {
	}

	/**
	 * Return the steps of the successful allocations so far, in order.
	 * @return the steps
	 */
	public List<Long> requestedSteps() {
		return List.copyOf(this.requestedSteps);
	}

	/**
	 * Return the number of allocations asked for so far, successful or not.
	 * @return the attempt count
	 */
	public int attempts() {
		return this.attempts.get();
	}

	/**
	 * Return the number of successful allocations so far.
	 * @return the allocation count
	 */
	public int allocations() {
		return this.requestedSteps.size();
	}

}
