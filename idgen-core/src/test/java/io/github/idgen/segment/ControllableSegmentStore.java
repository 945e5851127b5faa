package io.github.idgen.segment;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.BackendUnavailableException;

/**
 * A {@link SegmentStore} test double over an {@link InMemorySegmentStore} that can be
 * made to fail, to block until released, or to sleep before each allocation.
 */
public class ControllableSegmentStore extends InMemorySegmentStore {

	private volatile boolean failing;

	private volatile CountDownLatch gate = new CountDownLatch(0);

	private volatile Duration delay = Duration.ZERO;

	private final AtomicInteger failedAttempts = new AtomicInteger();

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		try {
			this.gate.await();
			Thread.sleep(this.delay.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BackendUnavailableException("interrupted", ex);
		}
		if (this.failing) {
			this.failedAttempts.incrementAndGet();
			throw new BackendUnavailableException("store is down");
		}
		return super.allocate(sequence, step, bounds);
	}

	/**
	 * Make every allocation fail, or succeed again.
	 * @param failing whether allocations fail
	 */
	public void setFailing(boolean failing) {
		this.failing = failing;
	}

	/**
	 * Make allocations block until {@link #release()}.
	 */
	public void block() {
		this.gate = new CountDownLatch(1);
	}

	/**
	 * Let blocked allocations continue.
	 */
	public void release() {
		this.gate.countDown();
	}

	/**
	 * Sleep this long before each allocation.
	 * @param delay the delay
	 */
	public void setDelay(Duration delay) {
		this.delay = delay;
	}

	/**
	 * Return how many allocations failed.
	 * @return the failure count
	 */
	public int failedAttempts() {
		return this.failedAttempts.get();
	}

	/**
	 * Wait until at least {@code count} allocations succeeded.
	 * @param count the allocation count to wait for
	 * @param timeout the longest wait
	 * @return whether the count was reached
	 * @throws InterruptedException if interrupted
	 */
	public boolean awaitAllocations(int count, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (allocations() < count) {
			if (System.nanoTime() > deadline) {
				return false;
			}
			TimeUnit.MILLISECONDS.sleep(1);
		}
		return true;
	}

}
