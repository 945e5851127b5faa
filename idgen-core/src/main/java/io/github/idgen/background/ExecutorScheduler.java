package io.github.idgen.background;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.FailureDescriptions;

/**
 * A {@link BackgroundScheduler} whose tasks run on an executor of the application's. It
 * hands at most {@code maxConcurrent} tasks to the executor at a time (those the executor
 * queues count too); further ready tasks wait in {@link #ready} and are handed over, in
 * order, as handed tasks end. Delayed tasks wait in a timer of idgen's own, one thread
 * that does nothing but hand them over when they are due.
 * <p>
 * Every hand-off happens on that timer thread, never on a caller's thread or in a task
 * that ends: an executor that blocks while it is full (a concurrency limit) then waits
 * for a task that has already given its thread back, and one that runs a task in the
 * submitting thread (a caller-runs policy) runs it on the timer thread, not in a caller
 * of idgen that holds a sequence's lock.
 * <p>
 * A task the executor accepted is never handed over again while the executor may still
 * hold it, so that the executor's queue never holds two copies of one task nor more than
 * {@code maxConcurrent} tasks of this scheduler: one queued behind the application's work
 * keeps its slot until it starts (with a warning once it has waited
 * {@link #START_TIMEOUT_MILLIS}). The scheduler holds a handed task only weakly: one that
 * the executor dropped without running it (a discard policy) is collected by the garbage
 * collector, and the scheduler, which looks every {@link #START_TIMEOUT_MILLIS}, then
 * finds it gone but not started, frees its slot and hands the task over again.
 * <p>
 * The executor is the application's, so {@link #shutdownNow()} leaves it running: it
 * drops the waiting tasks, interrupts the threads that run a task of this scheduler right
 * then, and makes every task the executor starts later end at once. A thread is
 * interrupted only while it runs a task of this scheduler, and its interrupt is cleared
 * before it goes back to the executor, so that the application's next task on it is not
 * interrupted. A task the executor rejects, or fails to take in any other way, is handed
 * over again after {@link #REJECTED_RETRY_MILLIS}.
 * <p>
 * Thread ownership: {@link #ready}, {@link #running} and {@link #handedOff} are guarded
 * by {@link #lock}, and so are writes of {@link #shutdown}, {@link #rejecting} and
 * {@link #slowToStart}, which are volatile so that {@link #isShutdown()}, a hand-off and
 * a task that starts read them without the lock. Whether a handed task has started or
 * been taken back is an {@link AtomicBoolean} of its own, set once by whichever comes
 * first. {@link #lock} is a {@link ReentrantLock}, never held while the executor or a
 * task runs, so that a virtual thread that waits for it does not pin its carrier.
 */
final class ExecutorScheduler implements BackgroundScheduler {

	private static final Logger logger = LoggerFactory.getLogger(ExecutorScheduler.class);

	/**
	 * How long a task the executor did not take waits before it is handed over again.
	 */
	static final long REJECTED_RETRY_MILLIS = 100;

	/**
	 * How long a task the executor accepted may wait to start before the scheduler warns,
	 * and how often it looks whether the executor dropped a task it has not started.
	 */
	static final long START_TIMEOUT_MILLIS = 5000;

	private final Executor executor;

	private final int maxConcurrent;

	private final ScheduledThreadPoolExecutor timer;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition taskEnded = this.lock.newCondition();

	private final Queue<Runnable> ready = new ArrayDeque<>();

	private final Set<Thread> running = new HashSet<>();

	private int handedOff;

	private volatile boolean rejecting;

	private volatile boolean slowToStart;

	private volatile boolean shutdown;

	ExecutorScheduler(Executor executor, int maxConcurrent, ThreadFactory timerThreads) {
		this.executor = executor;
		this.maxConcurrent = maxConcurrent;
		this.timer = new ScheduledThreadPoolExecutor(1, timerThreads);
		this.timer.setKeepAliveTime(60, TimeUnit.SECONDS);
		this.timer.allowCoreThreadTimeOut(true);
		this.timer.setRemoveOnCancelPolicy(true);
	}

	@Override
	public void execute(Runnable task) {
		Objects.requireNonNull(task, "task must not be null");
		this.lock.lock();
		try {
			if (this.shutdown) {
				throw new RejectedExecutionException("The scheduler is shut down");
			}
			if (!claimSlot(task)) {
				return;
			}
		}
		finally {
			this.lock.unlock();
		}
		handOffOnTimer(task);
	}

	@Override
	public void schedule(Runnable task, long delay, TimeUnit unit) {
		Objects.requireNonNull(task, "task must not be null");
		if (this.shutdown) {
			throw new RejectedExecutionException("The scheduler is shut down");
		}
		this.timer.schedule(() -> due(task), delay, unit);
	}

	@Override
	public void scheduleWithFixedDelay(Runnable task, long initialDelay, long delay, TimeUnit unit) {
		Objects.requireNonNull(task, "task must not be null");
		schedule(new Periodic(task, delay, unit), initialDelay, unit);
	}

	@Override
	public boolean isShutdown() {
		return this.shutdown;
	}

	@Override
	public void shutdownNow() {
		this.lock.lock();
		try {
			if (this.shutdown) {
				return;
			}
			this.shutdown = true;
			this.ready.clear();
			this.running.forEach(Thread::interrupt);
			this.taskEnded.signalAll();
		}
		finally {
			this.lock.unlock();
		}
		this.timer.shutdownNow();
	}

	@Override
	public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
		long remaining = unit.toNanos(timeout);
		this.lock.lock();
		try {
			while (!this.shutdown || !this.running.isEmpty()) {
				if (remaining <= 0) {
					return false;
				}
				remaining = this.taskEnded.awaitNanos(remaining);
			}
		}
		finally {
			this.lock.unlock();
		}
		return this.timer.awaitTermination(Math.max(0, remaining), TimeUnit.NANOSECONDS);
	}

	/**
	 * Take a slot for a task that is ready, or queue it if every slot is taken. Called
	 * under {@link #lock}.
	 * @return whether the caller is to hand the task over
	 */
	private boolean claimSlot(Runnable task) {
		if (this.handedOff >= this.maxConcurrent) {
			this.ready.add(task);
			return false;
		}
		this.handedOff++;
		return true;
	}

	/**
	 * Make a delayed task ready, on the timer thread; dropped if shut down meanwhile.
	 */
	private void due(Runnable task) {
		this.lock.lock();
		try {
			if (this.shutdown || !claimSlot(task)) {
				return;
			}
		}
		finally {
			this.lock.unlock();
		}
		handOff(task);
	}

	/**
	 * Hand a task that holds a slot over on the timer thread; free the slot if the timer
	 * is shut down.
	 */
	private void handOffOnTimer(Runnable task) {
		try {
			this.timer.execute(() -> handOff(task));
		}
		catch (RejectedExecutionException ex) {
			release();
		}
	}

	/**
	 * Give a task that holds a slot to the executor, on the timer thread; if the executor
	 * does not take it, free the slot and hand the task over again later. If it takes it,
	 * look after {@link #START_TIMEOUT_MILLIS} whether it started.
	 */
	private void handOff(Runnable task) {
		AtomicBoolean claimed = new AtomicBoolean();
		HandedTask handed = new HandedTask(task, claimed);
		try {
			this.executor.execute(handed);
			if (this.rejecting) {
				accepted();
			}
		}
		catch (RuntimeException | Error ex) {
			if (claimed.compareAndSet(false, true)) {
				notTaken(task, "it threw " + FailureDescriptions.describe(ex));
			}
			return;
		}
		checkStartedLater(task, claimed, new WeakReference<>(handed));
	}

	/**
	 * Look, after {@link #START_TIMEOUT_MILLIS}, whether a task the executor accepted has
	 * started; holds the handed task only weakly, so that one the executor dropped is
	 * collected.
	 */
	private void checkStartedLater(Runnable task, AtomicBoolean claimed, WeakReference<HandedTask> handed) {
		try {
			this.timer.schedule(() -> checkStarted(task, claimed, handed), START_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			// shut down meanwhile: the task ends at once if it starts
		}
	}

	/**
	 * On the timer thread: nothing if the task started; if the executor no longer holds
	 * it and it did not start, the executor dropped it: free its slot and hand it over
	 * again; otherwise it is still queued, so warn (once until a task starts) and look
	 * again later.
	 */
	private void checkStarted(Runnable task, AtomicBoolean claimed, WeakReference<HandedTask> handed) {
		if (claimed.get()) {
			return;
		}
		if (handed.get() == null) {
			if (claimed.compareAndSet(false, true)) {
				notTaken(task, "it dropped one without running it, as a discard policy does");
			}
			return;
		}
		if (!this.slowToStart && !this.shutdown) {
			this.slowToStart = true;
			logger.warn("The application's executor has not started an idgen background task within {} ms of "
					+ "taking it; idgen waits for it to start and hands it over again only if the executor drops it",
					START_TIMEOUT_MILLIS);
		}
		checkStartedLater(task, claimed, handed);
	}

	private void release() {
		this.lock.lock();
		try {
			this.handedOff--;
		}
		finally {
			this.lock.unlock();
		}
	}

	private void accepted() {
		this.lock.lock();
		try {
			if (this.rejecting) {
				this.rejecting = false;
				logger.info("The application's executor takes idgen's background tasks again");
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Free the slot of a task the executor did not take or dropped, and hand it over
	 * again after {@link #REJECTED_RETRY_MILLIS}.
	 * @param why what the executor did, for the warning
	 */
	private void notTaken(Runnable task, String why) {
		this.lock.lock();
		try {
			this.handedOff--;
			if (this.shutdown) {
				return;
			}
			if (!this.rejecting) {
				this.rejecting = true;
				logger.warn("The application's executor did not take an idgen background task: {}; handing it over "
						+ "again after {} ms, and so on until it runs", why, REJECTED_RETRY_MILLIS);
			}
		}
		finally {
			this.lock.unlock();
		}
		try {
			this.timer.schedule(() -> due(task), REJECTED_RETRY_MILLIS, TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			// shut down meanwhile: the task is dropped like every waiting one
		}
	}

	/**
	 * Run a task on a thread of the executor, unless shut down meanwhile, then hand over
	 * the next ready task in its slot, or free the slot.
	 */
	private void run(Runnable task) {
		Thread thread = Thread.currentThread();
		this.lock.lock();
		try {
			if (this.shutdown) {
				this.handedOff--;
				return;
			}
			this.running.add(thread);
			this.slowToStart = false;
		}
		finally {
			this.lock.unlock();
		}
		try {
			task.run();
		}
		finally {
			Runnable next = ended(thread);
			if (next != null) {
				handOffOnTimer(next);
			}
		}
	}

	/**
	 * Record that a task ended on a thread, clearing an interrupt of
	 * {@link #shutdownNow()} that the task did not consume.
	 * @return the next ready task, which keeps the slot, or {@code null} if the slot is
	 * free
	 */
	private Runnable ended(Thread thread) {
		this.lock.lock();
		try {
			this.running.remove(thread);
			this.taskEnded.signalAll();
			if (this.shutdown) {
				Thread.interrupted();
				this.handedOff--;
				return null;
			}
			Runnable next = this.ready.poll();
			if (next == null) {
				this.handedOff--;
			}
			return next;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * One hand-off of a task: started by the executor, or taken back by the scheduler
	 * once the executor rejected or dropped it, whichever sets {@code claimed} first; the
	 * other then does nothing. The scheduler keeps {@code claimed} and the task, not this
	 * object, which only the executor holds.
	 */
	private final class HandedTask implements Runnable {

		private final Runnable task;

		private final AtomicBoolean claimed;

		HandedTask(Runnable task, AtomicBoolean claimed) {
			this.task = task;
			this.claimed = claimed;
		}

		@Override
		public void run() {
			if (this.claimed.compareAndSet(false, true)) {
				ExecutorScheduler.this.run(this.task);
			}
		}

	}

	/**
	 * A task run again a delay after each run ends, until the scheduler is shut down or a
	 * run throws.
	 */
	private final class Periodic implements Runnable {

		private final Runnable task;

		private final long delay;

		private final TimeUnit unit;

		Periodic(Runnable task, long delay, TimeUnit unit) {
			this.task = task;
			this.delay = delay;
			this.unit = unit;
		}

		@Override
		public void run() {
			this.task.run();
			try {
				ExecutorScheduler.this.timer.schedule(() -> due(this), this.delay, this.unit);
			}
			catch (RejectedExecutionException ex) {
				// shut down: no further runs
			}
		}

	}

}
