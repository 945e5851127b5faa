package io.github.idgen.redis;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import io.github.idgen.test.WaitingCall;

/**
 * Callers of a {@link ReservationCombiner} on threads of their own, for tests that need
 * to know which callers wait behind which reservation: each is started only once the one
 * before waits, so that they join the queue in the order they were started.
 */
final class CombinerCallers {

	private final List<Thread> threads = new CopyOnWriteArrayList<>();

	/**
	 * Call {@code take(count)} on a new thread and return once that thread waits, held in
	 * a reservation or parked behind one, or has finished.
	 * @param combiner the combiner
	 * @param count the number of IDs
	 * @return the caller
	 */
	WaitingCall<Long> start(ReservationCombiner combiner, int count) {
		WaitingCall<Long> call = WaitingCall.start("caller-" + this.threads.size(), () -> combiner.take(count));
		this.threads.add(call.thread());
		return call;
	}

	/**
	 * Wait for every caller started to end.
	 * @throws InterruptedException if interrupted
	 */
	void join() throws InterruptedException {
		for (Thread thread : this.threads) {
			thread.join(10_000);
		}
	}

	/**
	 * Wait for a latch, as a reservation that an interrupt does not end, and keep the
	 * interrupt.
	 * @param latch the latch
	 */
	static void awaitUninterruptibly(CountDownLatch latch) {
		boolean interrupted = false;
		while (true) {
			try {
				latch.await();
				break;
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

}
