package io.github.idgen.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs tasks on threads of their own, released together.
 */
public final class Concurrently {

	private Concurrently() {
	}

	/**
	 * Run every task on a thread of its own, all released at once, and return their
	 * results in order once all have finished.
	 * @param <T> the result type
	 * @param tasks the tasks
	 * @return the results, in the order of the tasks
	 * @throws Exception if a task failed or did not finish within a minute
	 */
	public static <T> List<T> runTogether(List<Callable<T>> tasks) throws Exception {
		return runTogether(tasks, Duration.ofMinutes(1));
	}

	/**
	 * Run every task on a thread of its own, all released at once, and return their
	 * results in order once all have finished.
	 * @param <T> the result type
	 * @param tasks the tasks
	 * @param timeout how long each task may take, counted from when the previous result
	 * was read
	 * @return the results, in the order of the tasks
	 * @throws Exception if a task failed or did not finish within the timeout
	 */
	public static <T> List<T> runTogether(List<Callable<T>> tasks, Duration timeout) throws Exception {
		ExecutorService executor = Executors.newFixedThreadPool(tasks.size());
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<T>> futures = new ArrayList<>();
			for (Callable<T> task : tasks) {
				futures.add(executor.submit(() -> {
					go.await();
					return task.call();
				}));
			}
			go.countDown();
			List<T> results = new ArrayList<>();
			for (Future<T> future : futures) {
				results.add(future.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
			}
			return results;
		}
		finally {
			executor.shutdownNow();
		}
	}

}
