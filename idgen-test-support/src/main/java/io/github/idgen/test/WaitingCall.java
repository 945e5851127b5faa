package io.github.idgen.test;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A call on a daemon thread of its own, returned once that thread waits (parked, or
 * blocked in a reply it awaits) or has finished, so that a test knows the call is in
 * flight before it starts the next.
 *
 * @param <T> the type of the call's result
 * @param thread the thread
 * @param result the call's result, or its failure
 * @param interruptedAfter whether the thread was interrupted once the call ended
 */
public record WaitingCall<T>(Thread thread, CompletableFuture<T> result, CompletableFuture<Boolean> interruptedAfter) {

	/**
	 * Start a call on a thread of its own and return once the thread waits or the call
	 * has ended.
	 * @param <T> the type of the call's result
	 * @param name the thread's name
	 * @param call the call
	 * @return the call
	 * @throws AssertionError if the thread neither waits nor ends within 5 seconds
	 */
	public static <T> WaitingCall<T> start(String name, Callable<T> call) {
		CompletableFuture<T> result = new CompletableFuture<>();
		CompletableFuture<Boolean> interruptedAfter = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				result.complete(call.call());
			}
			catch (Throwable ex) {
				result.completeExceptionally(ex);
			}
			finally {
				interruptedAfter.complete(Thread.currentThread().isInterrupted());
			}
		}, name);
		thread.setDaemon(true);
		thread.start();
		awaitUntil(() -> thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING
				|| result.isDone(), name + " waiting");
		return new WaitingCall<>(thread, result, interruptedAfter);
	}

	/**
	 * Wait up to 5 seconds for a condition, spinning.
	 * @param condition the condition
	 * @param what what is awaited, for the failure
	 * @throws AssertionError if the condition does not hold within 5 seconds
	 */
	public static void awaitUntil(BooleanSupplier condition, String what) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("Timed out waiting for " + what);
			}
			Thread.onSpinWait();
		}
	}

}
