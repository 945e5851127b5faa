package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link SegmentStore} that sleeps for a fixed time on every allocation before
 * delegating to another store, standing in for the round trip to a real backend.
 */
public final class SleepingSegmentStore implements SegmentStore {

	private final SegmentStore delegate;

	private final long delayNanos;

	/**
	 * Create a store.
	 * @param delegate the store that reserves the segments
	 * @param delay how long every allocation sleeps before it delegates
	 */
	public SleepingSegmentStore(SegmentStore delegate, Duration delay) {
		this.delegate = delegate;
		this.delayNanos = delay.toNanos();
	}

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		try {
			TimeUnit.NANOSECONDS.sleep(this.delayNanos);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BackendUnavailableException("Interrupted while allocating a segment of '" + sequence + "'", ex);
		}
		return this.delegate.allocate(sequence, step, bounds);
	}

	@Override
	public void checkAvailable() {
		this.delegate.checkAvailable();
	}

}
