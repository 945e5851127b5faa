package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.test.WaitingCall;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentSettings;
import org.assertj.core.api.ThrowableAssertAlternative;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.test.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link ReservationCombiner} over a counter in memory whose reservations the
 * tests hold and release, so that which callers wait behind which reservation is certain.
 * {@code AbstractRedisIncrementSequenceTest} runs it over Redis.
 */
class ReservationCombinerTest {

	private final Counter counter = new Counter();

	private final CombinerCallers callers = new CombinerCallers();

	@AfterEach
	void releaseAndJoin() throws InterruptedException {
		this.counter.releaseAll();
		this.callers.join();
	}

	@Test
	void loneCallerReservesAtOnceOneReservationPerCall() {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(3));
		for (int i = 1; i <= 100; i++) {
			assertThat(combiner.take(1)).isEqualTo(i);
		}
		assertThat(combiner.take(5)).isEqualTo(101);
		assertThat(combiner.take(1)).isEqualTo(106);
		assertThat(this.counter.counts()).hasSize(102).startsWith(1L, 1L).contains(5L);
		assertThat(combiner.reservations()).isEqualTo(102);
	}

	@Test
	void callersArrivingDuringAReservationShareTheNextInTheOrderTheyArrived() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall a = startHeld(combiner);
		CompletableFuture<Long> b = takeInThread(combiner, 1);
		CompletableFuture<Long> c = takeInThread(combiner, 3);
		CompletableFuture<Long> d = takeInThread(combiner, 1);
		assertThat(a.release()).isEqualTo(1);
		assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(c.get(5, TimeUnit.SECONDS)).isEqualTo(3);
		assertThat(d.get(5, TimeUnit.SECONDS)).isEqualTo(6);
		assertThat(this.counter.counts()).containsExactly(1L, 5L);
		assertThat(combiner.reservations()).isEqualTo(2);
	}

	@Test
	void callerGivingUpBeforeItsReservationStartsLeavesNoGap() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofMillis(300));
		HeldCall a = startHeld(combiner);
		CompletableFuture<Long> b = takeInThread(combiner, 1);
		assertFailure(b).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("'counted'")
			.withMessageContaining("within 300 ms")
			.withMessageContaining("nothing was reserved for it");
		assertThat(a.release()).isEqualTo(1);
		assertThat(combiner.take(1)).isEqualTo(2);
		assertThat(this.counter.counts()).containsExactly(1L, 1L);
	}

	@Test
	void callerGivingUpWhileCombinedLeavesOnlyItsOwnIdsUnused() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofMillis(800));
		HeldCall a = startHeld(combiner);
		CompletableFuture<Long> b = takeInThread(combiner, 1);
		CompletableFuture<Long> c = takeInThread(combiner, 2);
		CountDownLatch second = this.counter.holdNext();
		assertThat(a.release()).isEqualTo(1);
		this.counter.awaitHeld(2);
		assertThat(this.counter.counts()).containsExactly(1L, 3L);
		assertFailure(c).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("within 800 ms")
			.withMessageContaining("its 2 IDs too, which stay unused");
		second.countDown();
		assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(combiner.take(1)).isEqualTo(5);
	}

	@Test
	void callerInterruptedWhileCombinedLeavesOnlyItsOwnIdUnused() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall a = startHeld(combiner);
		CompletableFuture<Long> b = takeInThread(combiner, 1);
		WaitingCall<Long> c = this.callers.start(combiner, 1);
		CompletableFuture<Long> d = takeInThread(combiner, 1);
		CountDownLatch second = this.counter.holdNext();
		assertThat(a.release()).isEqualTo(1);
		this.counter.awaitHeld(2);
		c.thread().interrupt();
		assertFailure(c.result()).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("Interrupted while waiting")
			.withMessageContaining("its ID too, which stays unused");
		second.countDown();
		assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(d.get(5, TimeUnit.SECONDS)).isEqualTo(4);
		assertThat(this.counter.counts()).containsExactly(1L, 3L);
	}

	@Test
	void failedReservationFailsEveryCallerItServedWithItsException() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall a = startHeld(combiner);
		CompletableFuture<Long> b = takeInThread(combiner, 1);
		CompletableFuture<Long> c = takeInThread(combiner, 4);
		BackendUnavailableException failure = new BackendUnavailableException("Redis is down");
		this.counter.failNext(failure);
		assertThat(a.release()).isEqualTo(1);
		for (CompletableFuture<Long> caller : List.of(b, c)) {
			assertThat(caller).failsWithin(Duration.ofSeconds(5))
				.withThrowableOfType(ExecutionException.class)
				.withCause(failure);
		}
		assertThat(combiner.take(1)).isEqualTo(2);
	}

	@Test
	void reservationRefusedAsExhaustedIsTriedOneRequestAtATime() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		this.counter.refuseAbove(3);
		HeldCall a = startHeld(combiner);
		CompletableFuture<Long> b = takeInThread(combiner, 2);
		CompletableFuture<Long> c = takeInThread(combiner, 5);
		CompletableFuture<Long> d = takeInThread(combiner, 1);
		assertThat(a.release()).isEqualTo(1);
		assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertFailure(c).isInstanceOf(SequenceExhaustedException.class);
		assertThat(d.get(5, TimeUnit.SECONDS)).isEqualTo(4);
		assertThat(this.counter.counts()).containsExactly(1L, 8L, 2L, 5L, 1L);
	}

	@Test
	void oneByOneRetryOfAnExhaustedReservationSkipsTheCallersThatGaveUp() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall a = startHeld(combiner);
		CompletableFuture<Long> b = takeInThread(combiner, 1);
		WaitingCall<Long> c = this.callers.start(combiner, 2);
		CompletableFuture<Long> d = takeInThread(combiner, 1);
		this.counter.refuseAbove(2);
		CountDownLatch second = this.counter.holdNext();
		assertThat(a.release()).isEqualTo(1);
		this.counter.awaitHeld(2);
		c.thread().interrupt();
		assertFailure(c.result()).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("its 2 IDs too, which stay unused");
		second.countDown();
		assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(d.get(5, TimeUnit.SECONDS)).isEqualTo(3);
		assertThat(this.counter.counts()).containsExactly(1L, 4L, 1L, 1L);
	}

	@Test
	void combinerInterruptedDuringTheOneByOneRetryFailsOnlyItsOwnCall() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall a = startHeld(combiner);
		WaitingCall<Long> b = this.callers.start(combiner, 1);
		CompletableFuture<Long> c = takeInThread(combiner, 5);
		CompletableFuture<Long> d = takeInThread(combiner, 1);
		this.counter.refuseAbove(2);
		this.counter.holdReservationFailingOnInterrupt(3);
		assertThat(a.release()).isEqualTo(1);
		this.counter.awaitHeld(2);
		b.thread().interrupt();
		assertFailure(b.result()).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("interrupted while held");
		assertFailure(c).isInstanceOf(SequenceExhaustedException.class);
		assertThat(d.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(b.interruptedAfter().get(5, TimeUnit.SECONDS)).isTrue();
		assertThat(this.counter.counts()).containsExactly(1L, 7L, 1L, 5L, 1L);
	}

	@Test
	void combinerInterruptedBeforeTheOneByOneRetryGivesUpItsOwnCallWithoutReserving() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall a = startHeld(combiner);
		WaitingCall<Long> b = this.callers.start(combiner, 1);
		CompletableFuture<Long> c = takeInThread(combiner, 1);
		this.counter.refuseAbove(1);
		CountDownLatch second = this.counter.holdNext();
		assertThat(a.release()).isEqualTo(1);
		this.counter.awaitHeld(2);
		b.thread().interrupt();
		second.countDown();
		assertFailure(b.result()).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("Interrupted while waiting")
			.withMessageContaining("nothing was reserved for it");
		assertThat(c.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(b.interruptedAfter().get(5, TimeUnit.SECONDS)).isTrue();
		assertThat(this.counter.counts()).containsExactly(1L, 2L, 1L);
	}

	@Test
	void interruptedWaitingCallerGivesUpAndKeepsItsInterrupt() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall a = startHeld(combiner);
		WaitingCall<Long> b = this.callers.start(combiner, 1);
		b.thread().interrupt();
		assertFailure(b.result()).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("Interrupted while waiting");
		assertThat(b.interruptedAfter().get(5, TimeUnit.SECONDS)).isTrue();
		assertThat(a.release()).isEqualTo(1);
		assertThat(combiner.take(1)).isEqualTo(2);
	}

	@Test
	void callerInterruptedBeforeItsCallReservesNothing() {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		Thread.currentThread().interrupt();
		try {
			assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> combiner.take(1))
				.withMessageContaining("Interrupted")
				.withMessageContaining("nothing was reserved for it");
			assertThat(Thread.currentThread().isInterrupted()).isTrue();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(this.counter.counts()).isEmpty();
		assertThat(combiner.take(1)).isEqualTo(1);
	}

	@Test
	void combinerInterruptedDuringItsReservationFailsOnlyItsOwnCallAndReservesAgainForTheOthers() throws Exception {
		ReservationCombiner combiner = combiner(Duration.ofSeconds(10));
		HeldCall x = startHeld(combiner);
		WaitingCall<Long> a = this.callers.start(combiner, 1);
		CompletableFuture<Long> b = takeInThread(combiner, 2);
		this.counter.holdNextFailingOnInterrupt();
		assertThat(x.release()).isEqualTo(1);
		this.counter.awaitHeld(2);
		a.thread().interrupt();
		assertFailure(a.result()).isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("interrupted while held");
		assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(a.interruptedAfter().get(5, TimeUnit.SECONDS)).isTrue();
		assertThat(this.counter.counts()).containsExactly(1L, 3L, 2L);
	}

	@Test
	void eightThreadsCombineIntoFewerReservationsAndEachGetsIncreasingIdsOfOneGapFreeRange() throws Exception {
		this.counter.pauseEachReservationMicros(50);
		ReservationCombiner combiner = combiner(Duration.ofSeconds(30));
		int calls = 20_000;
		List<Callable<long[]>> tasks = new ArrayList<>();
		for (int thread = 0; thread < 8; thread++) {
			tasks.add(() -> {
				List<Long> ids = new ArrayList<>();
				for (int i = 0; i < calls; i++) {
					int count = (i % 10 == 0) ? 3 : 1;
					long first = combiner.take(count);
					for (int j = 0; j < count; j++) {
						ids.add(first + j);
					}
				}
				return ids.stream().mapToLong(Long::longValue).toArray();
			});
		}
		List<long[]> perThread = runTogether(tasks);
		for (long[] ids : perThread) {
			for (int i = 1; i < ids.length; i++) {
				assertThat(ids[i]).isGreaterThan(ids[i - 1]);
			}
		}
		long[] all = perThread.stream().flatMapToLong(Arrays::stream).sorted().toArray();
		for (int i = 0; i < all.length; i++) {
			if (all[i] != i + 1) {
				throw new AssertionError("Expected ID " + (i + 1) + " at position " + i + " but got " + all[i]);
			}
		}
		assertThat(combiner.reservations()).isLessThan(8L * calls / 2);
	}

	@Test
	void createWithoutPositiveWaitTimeoutThrowsIllegalArgument() {
		assertThatIllegalArgumentException().isThrownBy(() -> combiner(Duration.ZERO))
			.withMessageContaining("waitTimeout must be positive");
		assertThatIllegalArgumentException().isThrownBy(() -> combiner(null))
			.withMessageContaining("waitTimeout must be positive");
	}

	@Test
	void aWaitTimeoutTooLongToBeTimedIsRefusedAndTheLongestServes() {
		assertThatIllegalArgumentException().isThrownBy(() -> combiner(Duration.ofDays(106_752)))
			.withMessageContaining("waitTimeout must be at most");
		assertThat(combiner(SegmentSettings.MAX_FETCH_TIMEOUT).take(3)).isEqualTo(1);
	}

	private ReservationCombiner combiner(Duration waitTimeout) {
		return new ReservationCombiner("counted", this.counter::reserve, waitTimeout);
	}

	private CompletableFuture<Long> takeInThread(ReservationCombiner combiner, int count) {
		return this.callers.start(combiner, count).result();
	}

	/**
	 * Start a caller of one ID whose reservation, the first, is held in flight.
	 */
	private HeldCall startHeld(ReservationCombiner combiner) {
		CountDownLatch hold = this.counter.holdNext();
		CompletableFuture<Long> result = takeInThread(combiner, 1);
		this.counter.awaitHeld(1);
		return new HeldCall(hold, result);
	}

	private static ThrowableAssertAlternative<?> assertFailure(CompletableFuture<Long> call) {
		return assertThat(call).failsWithin(Duration.ofSeconds(5))
			.withThrowableOfType(ExecutionException.class)
			.havingCause();
	}

	/**
	 * A call whose reservation is held in flight until {@link #release()}.
	 *
	 * @param hold holds the reservation
	 * @param result the call's result
	 */
	private record HeldCall(CountDownLatch hold, CompletableFuture<Long> result) {

		long release() throws Exception {
			this.hold.countDown();
			return this.result.get(5, TimeUnit.SECONDS);
		}

	}

	/**
	 * A counter in memory whose reservations a test can hold, fail or refuse.
	 */
	private static final class Counter {

		private final AtomicLong value = new AtomicLong();

		private final List<Long> counts = new CopyOnWriteArrayList<>();

		private final List<CountDownLatch> holds = new CopyOnWriteArrayList<>();

		private volatile CountDownLatch nextHold;

		private volatile boolean nextHoldFailsOnInterrupt;

		private volatile RuntimeException nextFailure;

		private volatile long refuseAbove = Long.MAX_VALUE;

		private volatile long pauseMicros;

		private volatile int holdNumber;

		private volatile CountDownLatch numberedHold;

		Segment reserve(long count) {
			this.counts.add(count);
			RuntimeException failure = this.nextFailure;
			this.nextFailure = null;
			CountDownLatch hold = this.nextHold;
			if (hold == null && this.counts.size() == this.holdNumber) {
				hold = this.numberedHold;
				this.nextHoldFailsOnInterrupt = true;
			}
			if (hold != null) {
				this.nextHold = null;
				this.holds.add(hold);
				if (this.nextHoldFailsOnInterrupt) {
					this.nextHoldFailsOnInterrupt = false;
					awaitOrFailOnInterrupt(hold);
				}
				else {
					CombinerCallers.awaitUninterruptibly(hold);
				}
			}
			if (failure != null) {
				throw failure;
			}
			if (count > this.refuseAbove) {
				throw new SequenceExhaustedException("counted", "Cannot reserve " + count);
			}
			if (this.pauseMicros > 0) {
				LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(this.pauseMicros));
			}
			long end = this.value.addAndGet(count);
			if (Thread.currentThread().isInterrupted()) {
				throw new BackendUnavailableException("Reply lost: the reserving thread is interrupted");
			}
			return new Segment(end - count + 1, end + 1);
		}

		CountDownLatch holdNext() {
			CountDownLatch hold = new CountDownLatch(1);
			this.nextHold = hold;
			return hold;
		}

		void awaitHeld(int reservations) {
			WaitingCall.awaitUntil(() -> this.holds.size() >= reservations, "reservation " + reservations + " held");
		}

		/**
		 * Hold the next reservation until released, and fail it as a Redis client fails a
		 * command whose caller is interrupted while it waits for the reply.
		 */
		CountDownLatch holdNextFailingOnInterrupt() {
			CountDownLatch hold = holdNext();
			this.nextHoldFailsOnInterrupt = true;
			return hold;
		}

		/**
		 * Hold the reservation of the given number (the first is 1) until released, and
		 * fail it when its thread is interrupted meanwhile.
		 */
		CountDownLatch holdReservationFailingOnInterrupt(int number) {
			this.numberedHold = new CountDownLatch(1);
			this.holdNumber = number;
			return this.numberedHold;
		}

		void failNext(RuntimeException failure) {
			this.nextFailure = failure;
		}

		void refuseAbove(long count) {
			this.refuseAbove = count;
		}

		void pauseEachReservationMicros(long micros) {
			this.pauseMicros = micros;
		}

		List<Long> counts() {
			return this.counts;
		}

		void releaseAll() {
			this.holds.forEach(CountDownLatch::countDown);
			CountDownLatch hold = this.nextHold;
			if (hold != null) {
				hold.countDown();
			}
			CountDownLatch numbered = this.numberedHold;
			if (numbered != null) {
				numbered.countDown();
			}
		}

		private static void awaitOrFailOnInterrupt(CountDownLatch latch) {
			try {
				latch.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new BackendUnavailableException("Reservation interrupted while held", ex);
			}
		}

	}

}
