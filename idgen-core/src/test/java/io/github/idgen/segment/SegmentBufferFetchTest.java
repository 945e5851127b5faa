package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceObserver;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.background.BackgroundScheduler;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.test.FetchThreads;
import io.github.idgen.test.WaitingCall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests of how a {@link SegmentBuffer} fetches: which failures it retries, how it gets
 * over errors, how many threads its fetches cost, and that no interleaving of a warm-up
 * and the prefetch trigger leaves a caller waiting for a fetch nobody runs.
 */
class SegmentBufferFetchTest {

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
	}

	@Test
	void warmUpRacingThePrefetchTriggerLeavesNoCallerWaitingForAFetchNobodyRuns() throws Exception {
		BackgroundScheduler executor = executor();
		HeldClaim held = new HeldClaim(HeldClaim.Phase.CLAIMED_WHILE_A_SEGMENT_WAITS);
		SegmentBuffer buffer = new SegmentBuffer("order", new InMemorySegmentStore(),
				settings(10, Duration.ofSeconds(20)), executor, SequenceObserver.NONE, held);
		for (long id = 1; id <= 6; id++) {
			assertThat(buffer.next()).isEqualTo(id);
		}
		awaitPrefetched(buffer, 10);

		held.holdNext();
		runAside(buffer::warmUp);
		held.awaitHeld(Duration.ofMillis(500));
		for (long id = 7; id <= 20; id++) {
			assertThat(buffer.next()).isEqualTo(id);
		}
		CompletableFuture<Long> caller = CompletableFuture.supplyAsync(buffer::next);
		Thread.sleep(200);
		held.resume();
		assertThat(caller.get(3, TimeUnit.SECONDS)).isEqualTo(21);
	}

	@Test
	void aClaimThatMeetsAFreshSegmentStartsTheFetchThePrefetchTriggerMissedMeanwhile() throws Exception {
		HeldClaim held = new HeldClaim(HeldClaim.Phase.BEFORE_CLAIM, HeldClaim.Phase.CLAIMED_WHILE_A_SEGMENT_WAITS);
		SegmentBuffer buffer = bufferWithAWarmUpHeldInItsClaim(held);
		for (long id = 7; id <= 17; id++) {
			assertThat(buffer.next()).isEqualTo(id);
		}
		assertThat(buffer.state().prefetched()).as("no fetch while the warm-up holds its claim").isZero();
		held.resume();
		awaitPrefetched(buffer, 10);
		assertThat(buffer.state().segmentStart()).as("the current segment").isEqualTo(11);
	}

	@Test
	void aCallerWaitingWhileAClaimIsReleasedWithoutAFetchIsWokenAndServed() throws Exception {
		HeldClaim held = new HeldClaim(HeldClaim.Phase.BEFORE_CLAIM, HeldClaim.Phase.CLAIMED_WHILE_A_SEGMENT_WAITS);
		SegmentBuffer buffer = bufferWithAWarmUpHeldInItsClaim(held);
		for (long id = 7; id <= 20; id++) {
			assertThat(buffer.next()).isEqualTo(id);
		}
		CompletableFuture<Long> caller = CompletableFuture.supplyAsync(buffer::next);
		Thread.sleep(200);
		held.resume();
		assertThat(caller.get(3, TimeUnit.SECONDS)).isEqualTo(21);
	}

	/**
	 * Return a buffer of segments of 10 that served IDs 1 to 6 while a warm-up holds its
	 * claim and the prefetched segment 11 to 20 waits: the warm-up was held before its
	 * claim while the store was blocked, the prefetch ran meanwhile, and the warm-up then
	 * claimed and is held in its claim, which will find the segment and start no fetch.
	 * @param held the hook that holds the warm-up, before its claim and in it
	 */
	private SegmentBuffer bufferWithAWarmUpHeldInItsClaim(HeldClaim held) throws InterruptedException {
		ControllableSegmentStore store = new ControllableSegmentStore();
		SegmentBuffer buffer = new SegmentBuffer("order", store, settings(10, Duration.ofSeconds(20)), executor(),
				SequenceObserver.NONE, held);
		assertThat(buffer.next()).isEqualTo(1);
		store.block();
		for (long id = 2; id <= 6; id++) {
			assertThat(buffer.next()).isEqualTo(id);
		}
		held.holdNext();
		runAside(buffer::warmUp);
		assertThat(held.awaitHeld(Duration.ofSeconds(5))).as("warm-up held before its claim").isTrue();
		held.holdNext();
		store.release();
		awaitPrefetched(buffer, 10);
		held.resume();
		assertThat(held.awaitHeld(Duration.ofSeconds(5))).as("warm-up held in its claim, a segment waiting").isTrue();
		return buffer;
	}

	@Test
	void aFailureWhileAStoreErrorIsHandledStillRetriesAndServesTheNextCaller() {
		AtomicBoolean failOnce = new AtomicBoolean(true);
		SegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				if (failOnce.compareAndSet(true, false)) {
					throw new ErrorThatFailsWhenDescribed();
				}
				return super.allocate(sequence, step, bounds);
			}

		};
		SegmentIdGenerator generator = generator(store, settings(10, Duration.ofSeconds(5)));
		long started = System.nanoTime();
		assertThat(generator.nextId("order")).isEqualTo(1);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
	}

	@Test
	void aCallerWaitingWhenTheGeneratorClosesIsToldAtOnce() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setFailing(true);
		SegmentIdGenerator generator = generator(store, settings(10, Duration.ofSeconds(10)));
		WaitingCall<Long> caller = WaitingCall.start("caller", () -> generator.nextId("order"));
		Thread.sleep(300);
		long closed = System.nanoTime();
		generator.close();
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> caller.result().get(15, TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("shut down");
		assertThat(Duration.ofNanos(System.nanoTime() - closed)).as("the waiting caller's wait after close")
			.isLessThan(Duration.ofSeconds(2));
	}

	@Test
	void closeWarnsOfAFetchStillInTheStoreWhenItStopsWaitingForIt() throws Exception {
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch answer = new CountDownLatch(1);
		SegmentStore hanging = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				entered.countDown();
				awaitAsAHungStore(answer);
				return super.allocate(sequence, step, bounds);
			}

		};
		ListAppender<ILoggingEvent> log = new ListAppender<>();
		Logger logger = (Logger) LoggerFactory.getLogger(SegmentSequences.class);
		logger.addAppender(log);
		log.start();
		try {
			SegmentSequences sequences = new SegmentSequences(hanging, settings(10, Duration.ofSeconds(1)), Map.of());
			Sequence sequence = sequences.create("order");
			CompletableFuture.runAsync(sequence::next);
			assertThat(entered.await(5, TimeUnit.SECONDS)).as("a fetch in the store").isTrue();
			sequences.close();
			assertThat(log.list).filteredOn((event) -> event.getLevel() == Level.WARN)
				.singleElement()
				.extracting(ILoggingEvent::getFormattedMessage)
				.asString()
				.contains("'order'", "still");
		}
		finally {
			answer.countDown();
			logger.detachAppender(log);
		}
	}

	@Test
	void closeWarnsOnlyOfTheSequencesWhoseFetchIsStillInTheStore() throws Exception {
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch answer = new CountDownLatch(1);
		SegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				if (sequence.equals("invoice")) {
					throw new BackendUnavailableException("partition of 'invoice' is down");
				}
				entered.countDown();
				awaitAsAHungStore(answer);
				return super.allocate(sequence, step, bounds);
			}

		};
		ListAppender<ILoggingEvent> log = new ListAppender<>();
		Logger logger = (Logger) LoggerFactory.getLogger(SegmentSequences.class);
		logger.addAppender(log);
		log.start();
		try {
			SegmentSequences sequences = new SegmentSequences(store, settings(10, Duration.ofMillis(200)), Map.of());
			Sequence order = sequences.create("order");
			Sequence invoice = sequences.create("invoice");
			CompletableFuture.runAsync(order::next);
			assertThat(entered.await(5, TimeUnit.SECONDS)).as("a fetch of 'order' in the store").isTrue();
			assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(invoice::next);
			sequences.close();
			assertThat(log.list).filteredOn((event) -> event.getLevel() == Level.WARN)
				.singleElement()
				.extracting(ILoggingEvent::getFormattedMessage)
				.asString()
				.as("the warning names the sequence in the store, not the one waiting to retry")
				.contains("'order'")
				.doesNotContain("'invoice'");
		}
		finally {
			answer.countDown();
			logger.detachAppender(log);
		}
	}

	@Test
	void afterCloseACallerWhoseRetryWasDroppedIsToldAtOnce() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setFailing(true);
		SegmentIdGenerator generator = generator(store, settings(10, Duration.ofSeconds(3)));
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("order"));
		generator.close();
		long started = System.nanoTime();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("order"))
			.withMessageContaining("shut down");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
	}

	@Test
	void illegalArgumentFromTheStoreReachesTheCallerAtOnceAndIsNotRetried() {
		AtomicInteger attempts = new AtomicInteger();
		SegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				attempts.incrementAndGet();
				throw new IllegalArgumentException("Sequence name must not contain '{' or '}': 'a{b}'");
			}

		};
		SegmentIdGenerator generator = generator(store, settings(10, Duration.ofSeconds(10)));
		long started = System.nanoTime();
		assertThatIllegalArgumentException().isThrownBy(() -> generator.nextId("a{b}"))
			.withMessageContaining("must not contain '{'");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
		assertThatIllegalArgumentException().isThrownBy(() -> generator.nextId("a{b}"));
		assertThat(attempts).as("store asked").hasValue(1);
	}

	@Test
	void anErrorThrownByTheStoreEndsTheFetchAndTheNextAttemptServesTheCaller() {
		AtomicBoolean fail = new AtomicBoolean(true);
		SegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				if (fail.compareAndSet(true, false)) {
					throw new StackOverflowError("deep store");
				}
				return super.allocate(sequence, step, bounds);
			}

		};
		SegmentIdGenerator generator = generator(store, settings(10, Duration.ofSeconds(10)));
		long started = System.nanoTime();
		assertThat(generator.nextId("order")).isEqualTo(1);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
		assertThat(generator.nextIds("order", 30)).startsWith(2, 3, 4).endsWith(31);
	}

	@Test
	void anErrorThrownByTheExecutorReachesTheCallerAtOnceAndTheNextCallFetchesAgain() {
		AtomicBoolean fail = new AtomicBoolean(true);
		BackgroundScheduler executor = BackgroundThreads.of((task) -> {
			if (fail.compareAndSet(true, false)) {
				throw new OutOfMemoryError("unable to create native thread");
			}
			return new Thread(task);
		}).scheduler("idgen-fetch", 1);
		this.closeables.add(executor::shutdownNow);
		SegmentBuffer buffer = new SegmentBuffer("order", new InMemorySegmentStore(),
				settings(10, Duration.ofSeconds(10)), executor);
		long started = System.nanoTime();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(buffer::next)
			.withMessage("Could not start fetching a segment of sequence 'order': OutOfMemoryError")
			.withCauseInstanceOf(OutOfMemoryError.class);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
		assertThat(buffer.next()).isEqualTo(1);
	}

	@Test
	void fetchesOfManySequencesShareABoundedNumberOfThreads() throws Exception {
		List<Thread> before = FetchThreads.alive();
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.block();
		SegmentIdGenerator generator = generator(store, settings(10, Duration.ofSeconds(20)));
		List<CompletableFuture<Long>> callers = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			String name = "blocked-" + i;
			callers
				.add(CompletableFuture.supplyAsync(() -> generator.nextId(name), Executors.newSingleThreadExecutor()));
		}
		Thread.sleep(500);
		List<Thread> started = new ArrayList<>(FetchThreads.alive());
		started.removeAll(before);
		assertThat(started).hasSizeBetween(1, SegmentSequences.MAX_FETCH_THREADS);
		store.release();
		for (CompletableFuture<Long> caller : callers) {
			assertThat(caller.get(5, TimeUnit.SECONDS)).isEqualTo(1);
		}
	}

	@Test
	void aHealthySequenceIsServedWhileManySequencesOfTheSameStoreKeepFailing() throws Exception {
		SegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				if (sequence.startsWith("failing-")) {
					throw new BackendUnavailableException("partition of " + sequence + " is down");
				}
				return super.allocate(sequence, step, bounds);
			}

		};
		SegmentIdGenerator generator = generator(store, settings(10, Duration.ofMillis(200)));
		for (int i = 0; i < 3 * SegmentSequences.MAX_FETCH_THREADS; i++) {
			String name = "failing-" + i;
			assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId(name));
		}
		long started = System.nanoTime();
		assertThat(generator.nextId("healthy")).isEqualTo(1);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
	}

	@Test
	void closeEndsTheRetriesEvenWhenTheStoreSwallowsInterrupts() throws Exception {
		SegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				try {
					Thread.sleep(100);
				}
				catch (InterruptedException ex) {
					// A careless store: the interrupt is lost.
				}
				throw new BackendUnavailableException("store is down");
			}

		};
		SegmentIdGenerator generator = new SegmentIdGenerator(store, settings(10, Duration.ofMillis(40)), Map.of(),
				"default", UnknownSequencePolicy.CREATE);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("order"));
		assertThat(FetchThreads.alive()).isNotEmpty();
		generator.close();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
		while (!FetchThreads.alive().isEmpty() && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(FetchThreads.alive()).isEmpty();
	}

	private BackgroundScheduler executor() {
		BackgroundScheduler executor = BackgroundThreads.daemon().scheduler("test-fetch", 2);
		this.closeables.add(executor::shutdownNow);
		return executor;
	}

	private void runAside(Runnable task) {
		ExecutorService aside = Executors.newSingleThreadExecutor();
		this.closeables.add(aside::shutdownNow);
		aside.submit(task);
	}

	private static void awaitPrefetched(SegmentBuffer buffer, long size) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (buffer.state().prefetched() != size) {
			assertThat(System.nanoTime()).as("prefetched in time").isLessThan(deadline);
			Thread.sleep(1);
		}
	}

	private SegmentIdGenerator generator(SegmentStore store, SegmentSettings settings) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store, settings, Map.of(), "default",
				UnknownSequencePolicy.CREATE);
		this.closeables.add(generator::close);
		return generator;
	}

	private static SegmentSettings settings(long step, Duration fetchTimeout) {
		return new SegmentSettings(1, step, new StepPolicy(step, step, Duration.ofDays(1)), 0.5, fetchTimeout);
	}

	/**
	 * Holds the next thread that reaches one of the given phases of a claim until
	 * {@link #resume()}.
	 */
	private static final class HeldClaim implements SegmentBuffer.ClaimHook {

		enum Phase {

			BEFORE_CLAIM, CLAIMED_WHILE_A_SEGMENT_WAITS

		}

		private final Set<Phase> phases;

		private final AtomicBoolean holdNext = new AtomicBoolean();

		private volatile CountDownLatch held = new CountDownLatch(1);

		private volatile CountDownLatch resume = new CountDownLatch(0);

		HeldClaim(Phase... phases) {
			this.phases = Set.of(phases);
		}

		/**
		 * Hold the next thread that reaches a phase.
		 */
		void holdNext() {
			this.held = new CountDownLatch(1);
			this.holdNext.set(true);
		}

		/**
		 * Wait until a thread is held.
		 * @return whether one was held in time
		 */
		boolean awaitHeld(Duration timeout) throws InterruptedException {
			return this.held.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}

		/**
		 * Let the thread held last go on.
		 */
		void resume() {
			this.resume.countDown();
		}

		@Override
		public void beforeClaim() {
			hold(Phase.BEFORE_CLAIM);
		}

		@Override
		public void claimedWhileASegmentWaits() {
			hold(Phase.CLAIMED_WHILE_A_SEGMENT_WAITS);
		}

		private void hold(Phase phase) {
			if (this.phases.contains(phase) && this.holdNext.compareAndSet(true, false)) {
				CountDownLatch resume = new CountDownLatch(1);
				this.resume = resume;
				this.held.countDown();
				try {
					resume.await(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		}

	}

	/**
	 * An {@link Error} whose first {@link #getCause()} fails, as one can when memory is
	 * short while it is described.
	 */
	private static final class ErrorThatFailsWhenDescribed extends OutOfMemoryError {

		private final AtomicBoolean described = new AtomicBoolean();

		ErrorThatFailsWhenDescribed() {
			super("Java heap space");
		}

		@Override
		public synchronized Throwable getCause() {
			if (this.described.compareAndSet(false, true)) {
				throw new OutOfMemoryError("Java heap space, while describing");
			}
			return super.getCause();
		}

	}

	/**
	 * Wait for the latch as a store hung in a call does: through interrupts, which it
	 * keeps for the caller.
	 */
	private static void awaitAsAHungStore(CountDownLatch answer) {
		boolean interrupted = false;
		while (answer.getCount() > 0) {
			try {
				answer.await();
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

}
