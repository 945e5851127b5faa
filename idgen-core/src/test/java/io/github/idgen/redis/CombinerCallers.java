package io.github.idgen.redis;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

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
	Caller start(ReservationCombiner combiner, int count) {
		CompletableFuture<Long> result = new CompletableFuture<>();
		CompletableFuture<Boolean> interruptedAfter = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				result.complete(combiner.take(count));
			}
			catch (Throwable ex) {
				result.completeExceptionally(ex);
			}
			finally {
				interruptedAfter.complete(Thread.currentThread().isInterrupted());
			}
		}, "caller-" + this.threads.size());
		thread.setDaemon(true);
		this.threads.add(thread);
		thread.start();
		awaitUntil(() -> thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING
				|| result.isDone(), thread.getName() + " waiting");
		return new Caller(thread, result, interruptedAfter);
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
	 * Wait up to 5 seconds for a condition.
	 * @param condition the condition
	 * @param what what is awaited, for the failure
	 */
	static void awaitUntil(BooleanSupplier condition, String what) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("Timed out waiting for " + what);
			}
			Thread.onSpinWait();
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

	/**
	 * A caller on a thread of its own.
	 *
	 * @param thread the thread
	 * @param result the first ID it took, or its failure
	 * @param interruptedAfter whether the thread was interrupted once the call ended
	 */
	record Caller(Thread thread, CompletableFuture<Long> result, CompletableFuture<Boolean> interruptedAfter) {

	}

}
