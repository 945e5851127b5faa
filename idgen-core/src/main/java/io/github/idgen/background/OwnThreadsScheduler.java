package io.github.idgen.background;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * A {@link BackgroundScheduler} on threads of idgen's own: a
 * {@link ScheduledThreadPoolExecutor} of at most {@code maxConcurrent} threads, created
 * when a task needs one and ended after a minute without work. Its delayed tasks wait in
 * its queue, where they hold no thread.
 */
final class OwnThreadsScheduler implements BackgroundScheduler {

	private static final long KEEP_ALIVE_SECONDS = 60;

	private final ScheduledThreadPoolExecutor executor;

	OwnThreadsScheduler(int maxConcurrent, ThreadFactory threads) {
		this.executor = new ScheduledThreadPoolExecutor(maxConcurrent, threads);
		this.executor.setKeepAliveTime(KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
		this.executor.allowCoreThreadTimeOut(true);
		this.executor.setRemoveOnCancelPolicy(true);
	}

	@Override
	public void execute(Runnable task) {
		this.executor.execute(task);
	}

	@Override
	public void schedule(Runnable task, long delay, TimeUnit unit) {
		this.executor.schedule(task, delay, unit);
	}

	@Override
	public void scheduleWithFixedDelay(Runnable task, long initialDelay, long delay, TimeUnit unit) {
		this.executor.scheduleWithFixedDelay(task, initialDelay, delay, unit);
	}

	@Override
	public boolean isShutdown() {
		return this.executor.isShutdown();
	}

	@Override
	public void shutdownNow() {
		this.executor.shutdownNow();
	}

	@Override
	public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
		return this.executor.awaitTermination(timeout, unit);
	}

}
