package io.github.idgen.faults.network;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

import io.github.idgen.test.history.HistoryRecorder;

/**
 * Callers of several generator instances that each take one ID per period, every call
 * recorded by a {@link HistoryRecorder} of its own thread into
 * {@code <directory>/instance-<i>-thread-<t>}. A caller that falls behind does not catch
 * up with a burst: the load stays steady.
 */
final class PacedCallers implements AutoCloseable {

	private static final int CAPACITY = 200_000;

	private final List<Thread> threads = new ArrayList<>();

	private volatile boolean stopped;

	/**
	 * Start the callers.
	 * @param directory where the history files go
	 * @param instances the call of each instance
	 * @param threadsPerInstance how many threads call each instance
	 * @param period how long a thread waits from the start of one call to the next
	 */
	PacedCallers(Path directory, List<LongSupplier> instances, int threadsPerInstance, Duration period) {
		for (int i = 0; i < instances.size(); i++) {
			for (int t = 0; t < threadsPerInstance; t++) {
				Path file = directory.resolve("instance-" + i + "-thread-" + t);
				LongSupplier call = instances.get(i);
				Thread thread = new Thread(() -> call(file, call, period.toNanos()), "caller-" + i + "-" + t);
				thread.setDaemon(true);
				this.threads.add(thread);
			}
		}
		this.threads.forEach(Thread::start);
	}

	/**
	 * Stop the callers and wait for them: a call under way completes first.
	 * @param timeout how long to wait for each
	 * @return whether every caller ended in time
	 * @throws InterruptedException if interrupted while waiting
	 */
	boolean stop(Duration timeout) throws InterruptedException {
		this.stopped = true;
		boolean ended = true;
		for (Thread thread : this.threads) {
			thread.join(timeout.toMillis());
			ended &= !thread.isAlive();
		}
		return ended;
	}

	/**
	 * Stop the callers if a scenario ended before it stopped them, waiting five seconds
	 * for each at most.
	 * @throws InterruptedException if interrupted while waiting
	 */
	@Override
	public void close() throws InterruptedException {
		stop(Duration.ofSeconds(5));
	}

	private void call(Path file, LongSupplier call, long periodNanos) {
		try (HistoryRecorder recorder = HistoryRecorder.create(file, CAPACITY)) {
			long next = System.nanoTime();
			while (!this.stopped && recorder.hasCapacity()) {
				recorder.record(call);
				next = Math.max(next + periodNanos, System.nanoTime());
				for (long wait = next - System.nanoTime(); wait > 0; wait = next - System.nanoTime()) {
					LockSupport.parkNanos(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(10)));
				}
			}
		}
	}

}
