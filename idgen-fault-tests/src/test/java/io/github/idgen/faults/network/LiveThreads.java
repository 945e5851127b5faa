package io.github.idgen.faults.network;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The threads alive in this JVM, to tell threads that a scenario leaves behind.
 */
final class LiveThreads {

	private static final List<String> JVM_WIDE = List.of("Cleaner-", "BufferPoolPruner");

	private final Set<Thread> threads;

	private LiveThreads(Set<Thread> threads) {
		this.threads = threads;
	}

	/**
	 * Take a snapshot of the live threads.
	 * @return the snapshot
	 */
	static LiveThreads now() {
		return new LiveThreads(new HashSet<>(Thread.getAllStackTraces().keySet()));
	}

	/**
	 * Count the live threads whose names start with a prefix.
	 * @param prefix the prefix, such as {@code idgen-fetch-}
	 * @return how many live threads have it
	 */
	static long named(String prefix) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().startsWith(prefix))
			.count();
	}

	/**
	 * Wait up to a timeout until at most {@code expected} live threads have a name with
	 * the given prefix. A pool that has terminated may still have threads on their way
	 * out of {@code run()}, so a count taken at once can see one that ends microseconds
	 * later.
	 * @param prefix the prefix, such as {@code idgen-fetch-}
	 * @param expected the count to wait for
	 * @param timeout how long to wait
	 * @return the count when it reached {@code expected}, or at the timeout
	 * @throws InterruptedException if interrupted while waiting
	 */
	static long awaitNamed(String prefix, long expected, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (;;) {
			long count = named(prefix);
			if (count <= expected || System.nanoTime() > deadline) {
				return count;
			}
			Thread.sleep(10);
		}
	}

	/**
	 * Return the threads alive now that were not in this snapshot, waiting up to a
	 * timeout for them to end. Threads that a library starts once per JVM, on first use,
	 * and keeps are not counted: PgJDBC's {@code Cleaner-0} and the MongoDB driver's
	 * {@code BufferPoolPruner}.
	 * @param timeout how long to wait for new threads to end
	 * @return the names of the new threads still alive
	 * @throws InterruptedException if interrupted while waiting
	 */
	List<String> startedSinceAndAlive(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (;;) {
			List<String> alive = Thread.getAllStackTraces()
				.keySet()
				.stream()
				.filter((thread) -> !this.threads.contains(thread))
				.map(Thread::getName)
				.filter((name) -> JVM_WIDE.stream().noneMatch(name::startsWith))
				.sorted()
				.toList();
			if (alive.isEmpty() || System.nanoTime() > deadline) {
				return alive;
			}
			Thread.sleep(50);
		}
	}

}
