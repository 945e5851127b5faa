package io.github.idgen.background;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link BackgroundThreads} and the schedulers it creates: threads of idgen's
 * own and an executor of the application's, each bounded, with delayed tasks that hold
 * nothing and a shutdown that leaves the application's executor running.
 */
class BackgroundThreadsTest {

	private final List<BackgroundScheduler> schedulers = new ArrayList<>();

	private final List<ExecutorService> executors = new ArrayList<>();

	private final List<ApplicationLoop> loops = new ArrayList<>();

	@AfterEach
	void shutDown() {
		this.schedulers.forEach(BackgroundScheduler::shutdownNow);
		this.executors.forEach(ExecutorService::shutdownNow);
		this.loops.forEach(ApplicationLoop::stop);
	}

	@Test
	void ownThreadsAreNamedDaemonThreadsNumberedWhenThereAreSeveral() throws Exception {
		BackgroundScheduler several = scheduler(BackgroundThreads.daemon(), "idgen-test", 2);
		BackgroundScheduler one = scheduler(BackgroundThreads.daemon(), "idgen-single", 1);
		Blocker blocker = new Blocker();
		several.execute(blocker::block);
		several.execute(blocker::block);
		one.execute(blocker::block);
		List<Thread> threads = blocker.awaitRunning(3);
		blocker.release();
		assertThat(threads).extracting(Thread::getName)
			.containsExactlyInAnyOrder("idgen-test-1", "idgen-test-2", "idgen-single");
		assertThat(threads).allMatch(Thread::isDaemon);
	}

	@Test
	void ownThreadsComeFromTheFactory() throws Exception {
		Set<Thread> made = ConcurrentHashMap.newKeySet();
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.of((task) -> {
			Thread thread = new Thread(task);
			made.add(thread);
			return thread;
		}), "idgen-test", 1);
		Blocker blocker = new Blocker();
		scheduler.execute(blocker::block);
		Thread thread = blocker.awaitRunning(1).get(0);
		blocker.release();
		assertThat(made).containsExactly(thread);
		assertThat(thread.getName()).isEqualTo("idgen-test");
		assertThat(thread.isDaemon()).isTrue();
	}

	@Test
	void ownThreadsRunAtMostTheMaximumAtOnce() throws Exception {
		assertAtMostFourRunAtOnce(scheduler(BackgroundThreads.daemon(), "idgen-test", 4));
	}

	@Test
	void applicationExecutorRunsEveryTaskAtMostTheMaximumAtOnce() throws Exception {
		Set<String> threadNames = ConcurrentHashMap.newKeySet();
		ExecutorService app = executor("app");
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on((task) -> app.execute(() -> {
			threadNames.add(Thread.currentThread().getName());
			task.run();
		})), "idgen-test", 4);
		assertAtMostFourRunAtOnce(scheduler);
		assertThat(threadNames).isNotEmpty().allMatch((name) -> name.startsWith("app-"));
	}

	@Test
	void tasksTheApplicationExecutorQueuesCountAgainstTheMaximum() throws Exception {
		List<Runnable> queued = new CopyOnWriteArrayList<>();
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on(queued::add), "idgen-test", 4);
		AtomicInteger ran = new AtomicInteger();
		for (int i = 0; i < 10; i++) {
			scheduler.execute(ran::incrementAndGet);
		}
		awaitSize(queued, 4);
		Thread.sleep(100);
		assertThat(queued).as("handed over, of ten").hasSize(4);
		queued.remove(0).run();
		awaitSize(queued, 4);
		assertThat(ran).hasValue(1);
		for (int i = 1; i < 10; i++) {
			awaitSize(queued, 1);
			queued.remove(0).run();
		}
		assertThat(ran).hasValue(10);
		Thread.sleep(100);
		assertThat(queued).isEmpty();
	}

	@Test
	void delayedTasksHoldNoSlotWhileTheyWait() throws Exception {
		for (BackgroundThreads threads : List.of(BackgroundThreads.daemon(),
				BackgroundThreads.daemon().on(executor("app")))) {
			BackgroundScheduler scheduler = scheduler(threads, "idgen-test", 1);
			AtomicInteger laterRan = new AtomicInteger();
			for (int i = 0; i < 10; i++) {
				scheduler.schedule(laterRan::incrementAndGet, 1, TimeUnit.HOURS);
			}
			CountDownLatch ready = new CountDownLatch(1);
			scheduler.execute(ready::countDown);
			assertThat(ready.await(5, TimeUnit.SECONDS)).as("the ready task ran, " + threads).isTrue();
			assertThat(laterRan).as(threads.toString()).hasValue(0);
			AtomicInteger soonRan = new AtomicInteger();
			for (int i = 0; i < 3; i++) {
				scheduler.schedule(soonRan::incrementAndGet, 20, TimeUnit.MILLISECONDS);
			}
			awaitValue(soonRan, 3);
		}
	}

	@Test
	void shutdownLeavesTheApplicationExecutorRunningAndClearsTheInterruptOfItsThread() throws Exception {
		ApplicationLoop app = new ApplicationLoop();
		this.loops.add(app);
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on(app), "idgen-test", 1);
		CountDownLatch running = new CountDownLatch(1);
		AtomicBoolean interrupted = new AtomicBoolean();
		scheduler.execute(() -> {
			running.countDown();
			while (!Thread.currentThread().isInterrupted()) {
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
			}
			// leaves the interrupt set, as a task that does not look at it would
			interrupted.set(true);
		});
		AtomicBoolean queuedRan = new AtomicBoolean();
		scheduler.execute(() -> queuedRan.set(true));
		assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();
		scheduler.shutdownNow();
		assertThat(scheduler.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
		assertThat(interrupted).as("the running task was interrupted").isTrue();
		CompletableFuture<Boolean> next = new CompletableFuture<>();
		app.execute(() -> next.complete(Thread.currentThread().isInterrupted()));
		assertThat(next.get(5, TimeUnit.SECONDS)).as("the application's next task on that thread is interrupted")
			.isFalse();
		assertThat(queuedRan).as("the ready task that waited ran").isFalse();
		assertThat(scheduler.isShutdown()).isTrue();
		assertThatExceptionOfType(RejectedExecutionException.class).isThrownBy(() -> scheduler.execute(() -> {
		}));
		assertThatExceptionOfType(RejectedExecutionException.class).isThrownBy(() -> scheduler.schedule(() -> {
		}, 1, TimeUnit.MILLISECONDS));
	}

	@Test
	void aTaskHandedOverBeforeTheShutdownAndStartedAfterItDoesNotRun() throws Exception {
		List<Runnable> queued = new CopyOnWriteArrayList<>();
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on(queued::add), "idgen-test", 1);
		AtomicBoolean ran = new AtomicBoolean();
		scheduler.execute(() -> ran.set(true));
		awaitSize(queued, 1);
		scheduler.shutdownNow();
		queued.get(0).run();
		assertThat(ran).isFalse();
	}

	@Test
	void aTaskTheApplicationExecutorRejectsIsHandedOverAgain() throws Exception {
		ExecutorService app = executor("app");
		AtomicInteger rejections = new AtomicInteger(2);
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on((task) -> {
			if (rejections.getAndDecrement() > 0) {
				throw new RejectedExecutionException("queue full");
			}
			app.execute(task);
		}), "idgen-test", 1);
		CountDownLatch ran = new CountDownLatch(1);
		scheduler.execute(ran::countDown);
		assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
		assertThat(rejections.get()).isNegative();
	}

	@Test
	void anExecutorThatBlocksWhileFullIsHandedTheNextTaskOnlyOnceTheLastHasGivenItsThreadBack() throws Exception {
		ExecutorService app = executor("app");
		Semaphore permits = new Semaphore(1);
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on((task) -> {
			permits.acquireUninterruptibly();
			app.execute(() -> {
				try {
					task.run();
				}
				finally {
					permits.release();
				}
			});
		}), "idgen-test", 1);
		CountDownLatch ran = new CountDownLatch(3);
		for (int i = 0; i < 3; i++) {
			scheduler.execute(() -> {
				sleep(50);
				ran.countDown();
			});
		}
		assertThat(ran.await(5, TimeUnit.SECONDS)).as("every task ran").isTrue();
	}

	@Test
	void aTaskTheApplicationExecutorAcceptsButNeverStartsIsHandedOverAgain() throws Exception {
		ExecutorService app = executor("app");
		AtomicInteger discarded = new AtomicInteger(1);
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on((task) -> {
			if (discarded.getAndDecrement() <= 0) {
				app.execute(task);
			}
		}), "idgen-test", 1);
		CountDownLatch ran = new CountDownLatch(1);
		scheduler.execute(ran::countDown);
		long deadline = System.nanoTime()
				+ TimeUnit.MILLISECONDS.toNanos(2 * ExecutorScheduler.START_TIMEOUT_MILLIS + 5000);
		while (!ran.await(100, TimeUnit.MILLISECONDS)) {
			assertThat(System.nanoTime()).as("the discarded task ran after all").isLessThan(deadline);
			System.gc();
		}
		CountDownLatch next = new CountDownLatch(1);
		scheduler.execute(next::countDown);
		assertThat(next.await(5, TimeUnit.SECONDS)).as("its slot was given back").isTrue();
	}

	@Test
	void aTaskQueuedPastTheStartTimeoutRunsOnce() throws Exception {
		ExecutorService app = Executors.newSingleThreadExecutor();
		this.executors.add(app);
		CountDownLatch busy = new CountDownLatch(1);
		app.execute(() -> {
			try {
				busy.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on(app), "idgen-test", 1);
		AtomicInteger runs = new AtomicInteger();
		scheduler.execute(runs::incrementAndGet);
		Thread.sleep(ExecutorScheduler.START_TIMEOUT_MILLIS + 1000);
		busy.countDown();
		awaitValue(runs, 1);
		Thread.sleep(300);
		assertThat(runs).hasValue(1);
	}

	@Test
	void tasksQueuedBehindTheApplicationsWorkPastTheStartTimeoutAreNotQueuedTwice() throws Exception {
		ThreadPoolExecutor app = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(5));
		this.executors.add(app);
		CountDownLatch busy = new CountDownLatch(1);
		app.execute(() -> {
			try {
				busy.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on(app), "idgen-test", 4);
		AtomicInteger runs = new AtomicInteger();
		for (int i = 0; i < 4; i++) {
			scheduler.execute(runs::incrementAndGet);
		}
		long deadline = System.nanoTime()
				+ TimeUnit.MILLISECONDS.toNanos(2 * ExecutorScheduler.START_TIMEOUT_MILLIS + 1000);
		while (System.nanoTime() < deadline) {
			assertThat(app.getQueue()).as("idgen's tasks in the application's queue").hasSizeLessThanOrEqualTo(4);
			Thread.sleep(50);
		}
		CountDownLatch own = new CountDownLatch(1);
		app.execute(own::countDown);
		busy.countDown();
		assertThat(own.await(5, TimeUnit.SECONDS)).as("the application's own task ran").isTrue();
		awaitValue(runs, 4);
		Thread.sleep(300);
		assertThat(runs).as("runs of the four tasks").hasValue(4);
	}

	@Test
	void periodicTasksRunOneAtATimeOnTheApplicationExecutorUntilShutdown() throws Exception {
		ExecutorService app = Executors.newCachedThreadPool();
		this.executors.add(app);
		BackgroundScheduler scheduler = scheduler(BackgroundThreads.daemon().on(app), "idgen-test", 1);
		AtomicInteger runs = new AtomicInteger();
		AtomicInteger inside = new AtomicInteger();
		AtomicBoolean overlapped = new AtomicBoolean();
		scheduler.scheduleWithFixedDelay(() -> {
			if (inside.incrementAndGet() > 1) {
				overlapped.set(true);
			}
			runs.incrementAndGet();
			sleep(20);
			inside.decrementAndGet();
		}, 0, 5, TimeUnit.MILLISECONDS);
		awaitValue(runs, 5);
		scheduler.shutdownNow();
		assertThat(scheduler.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
		int after = runs.get();
		Thread.sleep(100);
		assertThat(runs).hasValue(after);
		assertThat(overlapped).isFalse();
	}

	private void assertAtMostFourRunAtOnce(BackgroundScheduler scheduler) throws Exception {
		Blocker blocker = new Blocker();
		for (int i = 0; i < 10; i++) {
			scheduler.execute(blocker::block);
		}
		blocker.awaitRunning(4);
		Thread.sleep(200);
		assertThat(blocker.running()).as("tasks running while four block").isEqualTo(4);
		blocker.release();
		blocker.awaitDone(10);
		assertThat(blocker.maxRunning()).isEqualTo(4);
	}

	private BackgroundScheduler scheduler(BackgroundThreads threads, String name, int maxConcurrent) {
		BackgroundScheduler scheduler = threads.scheduler(name, maxConcurrent);
		this.schedulers.add(scheduler);
		return scheduler;
	}

	private ExecutorService executor(String name) {
		AtomicInteger count = new AtomicInteger();
		ExecutorService executor = Executors.newFixedThreadPool(8, (task) -> {
			Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		this.executors.add(executor);
		return executor;
	}

	private static void awaitSize(List<Runnable> queued, int expected) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (queued.size() < expected) {
			assertThat(System.nanoTime()).as("handed over " + expected + " in time").isLessThan(deadline);
			Thread.sleep(5);
		}
	}

	private static void awaitValue(AtomicInteger value, int expected) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (value.get() < expected) {
			assertThat(System.nanoTime()).as("reached " + expected + " in time").isLessThan(deadline);
			Thread.sleep(5);
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * An executor of one thread that runs its tasks one after the other and, unlike a
	 * {@link java.util.concurrent.ThreadPoolExecutor}, leaves an interrupt that a task
	 * left set for the next task to see.
	 */
	private static final class ApplicationLoop implements java.util.concurrent.Executor {

		private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();

		private final Thread thread = new Thread(this::loop, "application-loop");

		private volatile boolean stopped;

		ApplicationLoop() {
			this.thread.setDaemon(true);
			this.thread.start();
		}

		@Override
		public void execute(Runnable task) {
			this.tasks.add(task);
			LockSupport.unpark(this.thread);
		}

		private void loop() {
			while (!this.stopped) {
				Runnable task = this.tasks.poll();
				if (task != null) {
					task.run();
				}
				else {
					LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
				}
			}
		}

		void stop() {
			this.stopped = true;
		}

	}

	/**
	 * Tasks that block until released, recording how many run at once and on which
	 * threads.
	 */
	private static final class Blocker {

		private final CountDownLatch gate = new CountDownLatch(1);

		private final AtomicInteger running = new AtomicInteger();

		private final AtomicInteger maxRunning = new AtomicInteger();

		private final AtomicInteger done = new AtomicInteger();

		private final List<Thread> threads = new CopyOnWriteArrayList<>();

		void block() {
			this.threads.add(Thread.currentThread());
			this.maxRunning.accumulateAndGet(this.running.incrementAndGet(), Math::max);
			try {
				this.gate.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				this.running.decrementAndGet();
				this.done.incrementAndGet();
			}
		}

		List<Thread> awaitRunning(int count) throws InterruptedException {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
			while (this.threads.size() < count) {
				assertThat(System.nanoTime()).as(count + " tasks running in time").isLessThan(deadline);
				Thread.sleep(5);
			}
			return List.copyOf(this.threads);
		}

		void awaitDone(int count) throws InterruptedException {
			awaitValue(this.done, count);
		}

		int running() {
			return this.running.get();
		}

		int maxRunning() {
			return this.maxRunning.get();
		}

		void release() {
			this.gate.countDown();
		}

	}

}
