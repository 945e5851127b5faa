package io.github.idgen.background;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs the background tasks of one part of idgen, such as the segment fetches of one
 * backend or the heartbeat of one leased worker ID: at most a fixed number of them at a
 * time, and a delayed task only once it is due. Until then a delayed task is held by a
 * timer, not by a thread that runs tasks, so tasks waiting to be retried cannot crowd out
 * those that are ready. {@link BackgroundThreads#scheduler(String, int)} creates one;
 * {@link #shutdownNow()} ends it, and never shuts down an executor of the application's.
 * <p>
 * Tasks that are ready run in the order they became ready, as threads free up.
 */
public interface BackgroundScheduler {

	/**
	 * Run a task as soon as fewer than the maximum number of tasks run.
	 * @param task the task
	 * @throws RejectedExecutionException if this scheduler is shut down
	 */
	void execute(Runnable task);

	/**
	 * Run a task once a delay has passed and fewer than the maximum number of tasks run.
	 * @param task the task
	 * @param delay the delay
	 * @param unit the unit of the delay
	 * @throws RejectedExecutionException if this scheduler is shut down
	 */
	void schedule(Runnable task, long delay, TimeUnit unit);

	/**
	 * Run a task after an initial delay, and again each time a delay has passed since the
	 * end of its previous run, until this scheduler is shut down. A run that throws
	 * suppresses the later ones, as with
	 * {@link java.util.concurrent.ScheduledExecutorService#scheduleWithFixedDelay}.
	 * @param task the task
	 * @param initialDelay the delay of the first run
	 * @param delay the delay between the end of one run and the start of the next
	 * @param unit the unit of both delays
	 * @throws RejectedExecutionException if this scheduler is shut down
	 */
	void scheduleWithFixedDelay(Runnable task, long initialDelay, long delay, TimeUnit unit);

	/**
	 * Return whether {@link #shutdownNow()} was called.
	 * @return whether this scheduler is shut down
	 */
	boolean isShutdown();

	/**
	 * Take no more tasks, drop those that wait (ready or delayed) and interrupt those
	 * that run. Does not wait for them: see {@link #awaitTermination}.
	 */
	void shutdownNow();

	/**
	 * Wait until, after {@link #shutdownNow()}, no task of this scheduler runs.
	 * @param timeout the longest time to wait
	 * @param unit the unit of the timeout
	 * @return whether no task runs any more; {@code false} if the timeout passed first
	 * @throws InterruptedException if interrupted while waiting
	 */
	boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException;

}
