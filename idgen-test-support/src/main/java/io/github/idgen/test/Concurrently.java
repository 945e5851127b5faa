package io.github.idgen.test;

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
				results.add(future.get(60, TimeUnit.SECONDS));
			}
			return results;
		}
		finally {
			executor.shutdownNow();
		}
	}

}
