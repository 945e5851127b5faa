package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.test.Concurrently;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Segments fetched on an executor of the application's: the bound of
 * {@value SegmentSequences#MAX_FETCH_THREADS} fetches per backend holds, a fetch waiting
 * to retry holds nothing, closing leaves the executor running, and IDs stay unique.
 */
class SegmentSequencesOnApplicationExecutorTest {

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final ExecutorService application = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "application-task");
		thread.setDaemon(true);
		return thread;
	});

	private final ExecutorService callerThreads = Executors.newCachedThreadPool();

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.application.shutdownNow();
		this.callerThreads.shutdownNow();
	}

	@Test
	void tenSequencesOfAHangingStoreHoldAtMostFourTasksOfTheExecutor() throws Exception {
		CountingStore store = new CountingStore();
		store.block();
		AtomicInteger running = new AtomicInteger();
		AtomicInteger handedOver = new AtomicInteger();
		SegmentIdGenerator generator = generator(store, settings(Duration.ofSeconds(20)), (task) -> {
			handedOver.incrementAndGet();
			this.application.execute(() -> {
				running.incrementAndGet();
				try {
					task.run();
				}
				finally {
					running.decrementAndGet();
				}
			});
		});
		List<CompletableFuture<Long>> callers = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			String name = "hanging-" + i;
			callers.add(CompletableFuture.supplyAsync(() -> generator.nextId(name), this.callerThreads));
		}
		store.awaitConcurrent(SegmentSequences.MAX_FETCH_THREADS);
		Thread.sleep(300);
		assertThat(store.concurrent()).as("allocations under way").isEqualTo(SegmentSequences.MAX_FETCH_THREADS);
		assertThat(running).as("tasks running on the executor").hasValue(SegmentSequences.MAX_FETCH_THREADS);
		assertThat(handedOver).as("tasks handed to the executor").hasValue(SegmentSequences.MAX_FETCH_THREADS);
		store.release();
		for (CompletableFuture<Long> caller : callers) {
			assertThat(caller.get(5, TimeUnit.SECONDS)).isEqualTo(1);
		}
		assertThat(store.maxConcurrent()).isEqualTo(SegmentSequences.MAX_FETCH_THREADS);
	}

	@Test
	void tenSequencesThatKeepFailingFetchAtMostFourAtOnceAndAHealthyOneIsServed() throws Exception {
		CountingStore store = new CountingStore();
		store.failSequencesStartingWith("failing-");
		SegmentIdGenerator generator = generator(store, settings(Duration.ofMillis(400)), this.application);
		List<CompletableFuture<Void>> callers = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			String name = "failing-" + i;
			callers.add(CompletableFuture.runAsync(() -> assertThatExceptionOfType(BackendUnavailableException.class)
				.isThrownBy(() -> generator.nextId(name)), this.callerThreads));
		}
		Thread.sleep(200);
		long started = System.nanoTime();
		assertThat(generator.nextId("healthy")).isEqualTo(1);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
		for (CompletableFuture<Void> caller : callers) {
			caller.get(5, TimeUnit.SECONDS);
		}
		assertThat(store.failures()).as("attempts of the failing sequences").isGreaterThan(20);
		assertThat(store.maxConcurrent()).isBetween(2, SegmentSequences.MAX_FETCH_THREADS);
	}

	@Test
	void closeStopsTheFetchesAndLeavesTheExecutorRunning() throws Exception {
		CountingStore store = new CountingStore();
		store.failSequencesStartingWith("failing-");
		SegmentIdGenerator generator = generator(store, settings(Duration.ofMillis(100)), this.application);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("failing-1"));
		generator.close();
		int attempts = store.failures();
		Thread.sleep(300);
		assertThat(store.failures()).as("attempts after close").isLessThanOrEqualTo(attempts + 1);
		assertThat(this.application.isShutdown()).isFalse();
		assertThat(this.application.submit(() -> "still running").get(5, TimeUnit.SECONDS)).isEqualTo("still running");
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("failing-1"))
			.withMessageContaining("shut down");
	}

	@Test
	void idsAreUniqueAcrossThreadsAndSequencesWhenTheExecutorFetches() throws Exception {
		CountingStore store = new CountingStore();
		SegmentIdGenerator generator = generator(store, settings(Duration.ofSeconds(10)), this.application);
		int threads = 8;
		int perThread = 20_000;
		List<Callable<long[]>> tasks = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			String name = (i % 2 == 0) ? "order" : "invoice";
			tasks.add(() -> {
				long[] ids = new long[perThread];
				for (int j = 0; j < perThread; j++) {
					ids[j] = generator.nextId(name);
				}
				return ids;
			});
		}
		List<long[]> results = Concurrently.runTogether(tasks);
		Map<String, Set<Long>> unique = Map.of("order", new HashSet<>(), "invoice", new HashSet<>());
		for (int i = 0; i < threads; i++) {
			Set<Long> ids = unique.get((i % 2 == 0) ? "order" : "invoice");
			for (long id : results.get(i)) {
				assertThat(ids.add(id)).as("ID %d issued once", id).isTrue();
			}
		}
		assertThat(unique.get("order")).hasSize(threads / 2 * perThread);
		assertThat(unique.get("invoice")).hasSize(threads / 2 * perThread);
		assertThat(store.allocations()).as("segments fetched").isGreaterThan(100);
	}

	private SegmentIdGenerator generator(SegmentStore store, SegmentSettings settings,
			java.util.concurrent.Executor executor) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store, settings, Map.of(), "default",
				UnknownSequencePolicy.CREATE, BackgroundThreads.daemon().on(executor));
		this.closeables.add(generator::close);
		return generator;
	}

	private static SegmentSettings settings(Duration fetchTimeout) {
		return new SegmentSettings(1, 100, new StepPolicy(100, 100, Duration.ofDays(1)), 0.5, fetchTimeout);
	}

	/**
	 * An in-memory store that takes a few milliseconds per allocation, can block or fail
	 * some sequences, and counts allocations under way.
	 */
	private static final class CountingStore extends InMemorySegmentStore {

		private final AtomicInteger concurrent = new AtomicInteger();

		private final AtomicInteger maxConcurrent = new AtomicInteger();

		private final AtomicInteger failures = new AtomicInteger();

		private volatile CountDownLatch gate = new CountDownLatch(0);

		private volatile String failingPrefix;

		@Override
		public Segment allocate(String sequence, long step, SequenceBounds bounds) {
			this.maxConcurrent.accumulateAndGet(this.concurrent.incrementAndGet(), Math::max);
			try {
				this.gate.await();
				Thread.sleep(2);
				if (this.failingPrefix != null && sequence.startsWith(this.failingPrefix)) {
					this.failures.incrementAndGet();
					throw new BackendUnavailableException("partition of " + sequence + " is down");
				}
				return super.allocate(sequence, step, bounds);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new BackendUnavailableException("interrupted", ex);
			}
			finally {
				this.concurrent.decrementAndGet();
			}
		}

		void block() {
			this.gate = new CountDownLatch(1);
		}

		void release() {
			this.gate.countDown();
		}

		void failSequencesStartingWith(String prefix) {
			this.failingPrefix = prefix;
		}

		void awaitConcurrent(int count) throws InterruptedException {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
			while (this.concurrent.get() < count) {
				assertThat(System.nanoTime()).as(count + " allocations under way in time").isLessThan(deadline);
				Thread.sleep(5);
			}
		}

		int concurrent() {
			return this.concurrent.get();
		}

		int maxConcurrent() {
			return this.maxConcurrent.get();
		}

		int failures() {
			return this.failures.get();
		}

	}

}
