package io.github.idgen.snowflake;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.SequenceObserver;
import io.github.idgen.WorkerIdLostException;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.test.TestClock;
import io.github.idgen.worker.WorkerLease;

import static io.github.idgen.test.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link LeasedWorker}: leases, heartbeat, fencing, horizons and re-leasing,
 * with a monotonic clock, a store clock and wall clocks the test moves (the shared wall
 * clock also ticks a millisecond on every read, so that a generator never waits for a
 * clock that stands still).
 */
class LeasedWorkerTest {

	private static final Duration TTL = Duration.ofSeconds(60);

	private static final Duration MARGIN = Duration.ofSeconds(10);

	private static final long START_MILLIS = 1_800_000_000_000L;

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	private final AtomicLong storeMillis = new AtomicLong(START_MILLIS);

	private final TestClock wallClock = new TestClock(Instant.now());

	private final InMemoryWorkerLeaseStore store = new InMemoryWorkerLeaseStore(this.storeMillis::get);

	private final BitLayout layout = new BitLayout(Instant.parse("2025-01-01T00:00:00Z"), 41, 0, 2, 20);

	@BeforeEach
	void tickTheWallClockOnEveryRead() {
		this.wallClock.stepPerRead(1);
	}

	@Test
	void instancesLeaseDistinctWorkerIds() {
		LeasedWorker first = worker();
		LeasedWorker second = worker();
		assertThat(first.workerId().worker()).isNotEqualTo(second.workerId().worker());
		assertThat(first.layout().decode(first.nextId()).worker()).isEqualTo(first.workerId().worker());
	}

	@Test
	void exhaustionNamesLiveLeasesAndWorkerBits() {
		for (int i = 0; i < 4; i++) {
			worker();
		}
		assertThatIllegalStateException().isThrownBy(this::worker)
			.withMessageContaining("4 instances hold live leases")
			.withMessageContaining("2 worker bits");
	}

	@Test
	void pausedHolderFencesItselfBeforeItsIdCanBeTaken() {
		LeasedWorker paused = worker();
		long[] before = paused.nextIds(1000);
		advance(TTL.minus(MARGIN));
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(paused::nextId)
			.withMessageContaining("worker ID " + paused.workerId().worker());
		assertThat(paused.isValid()).isFalse();
		assertThat(this.store.countLive()).as("the store still counts the lease as live").isOne();
		advance(MARGIN);
		LeasedWorker successor = worker();
		assertThat(successor.workerId()).isEqualTo(paused.workerId());
		long[] after = successor.nextIds(1000);
		assertThat(LongStream.concat(Arrays.stream(before), Arrays.stream(after)).distinct().count()).isEqualTo(2000);
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(paused::nextId);
	}

	@Test
	void heartbeatRenewsTheLease() {
		LeasedWorker worker = worker();
		advance(TTL.minus(MARGIN).minusSeconds(1));
		worker.heartbeat();
		advance(Duration.ofSeconds(30));
		assertThat(worker.isValid()).isTrue();
		worker.nextId();
	}

	@Test
	void anErrorInARenewalDoesNotStopTheHeartbeat() throws Exception {
		AtomicInteger renewals = new AtomicInteger();
		InMemoryWorkerLeaseStore store = new InMemoryWorkerLeaseStore(System::currentTimeMillis) {

			@Override
			public synchronized boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
				if (renewals.incrementAndGet() == 2) {
					throw new NoClassDefFoundError("a driver class failed to load");
				}
				return super.renew(lease, ttl, lastIssuedMillis);
			}

		};
		LeasedWorker worker = LeasedWorker.lease(store, new LeasedWorkerSettings(this.layout, 0, Duration.ofMillis(600),
				Duration.ofMillis(100), Duration.ofMillis(5)), SequenceObserver.NONE);
		try {
			long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
			while (renewals.get() < 4 && System.nanoTime() < deadline) {
				Thread.sleep(20);
			}
			assertThat(renewals).as("renewals, the constructor's included").hasValueGreaterThanOrEqualTo(4);
			assertThat(worker.isValid()).isTrue();
		}
		finally {
			worker.close();
		}
	}

	@Test
	void theHeartbeatRunsOnAThreadOfItsOwnWhileTheApplicationsExecutorIsBusyAndCloseLeavesThatRunning()
			throws Exception {
		Set<String> renewedOn = ConcurrentHashMap.newKeySet();
		AtomicInteger renewals = new AtomicInteger();
		InMemoryWorkerLeaseStore store = new InMemoryWorkerLeaseStore(System::currentTimeMillis) {

			@Override
			public synchronized boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
				renewedOn.add(Thread.currentThread().getName());
				renewals.incrementAndGet();
				return super.renew(lease, ttl, lastIssuedMillis);
			}

		};
		ExecutorService application = Executors.newSingleThreadExecutor((task) -> new Thread(task, "application"));
		CountDownLatch busy = new CountDownLatch(1);
		application.execute(() -> awaitQuietly(busy));
		try {
			LeasedWorker worker = LeasedWorker.lease(store,
					new LeasedWorkerSettings(this.layout, 0, Duration.ofMillis(1500), Duration.ofMillis(100),
							Duration.ofMillis(5)),
					SequenceObserver.NONE, Clock.systemUTC(), BackgroundThreads.daemon().on(application));
			long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
			while (renewals.get() < 5 && System.nanoTime() < deadline) {
				Thread.sleep(20);
			}
			assertThat(renewals).as("renewals, the first one's included").hasValueGreaterThanOrEqualTo(5);
			assertThat(renewedOn).as("threads of the renewals")
				.containsExactlyInAnyOrder(Thread.currentThread().getName(), "idgen-worker-lease");
			assertThat(worker.isValid()).as("valid past the first ttl, four renewals later").isTrue();
			worker.nextId();
			worker.close();
			busy.countDown();
			int closedAfter = renewals.get();
			assertThat(store.countLive()).isZero();
			assertThat(application.isShutdown()).isFalse();
			assertThat(application.submit(() -> "running").get()).isEqualTo("running");
			Thread.sleep(500);
			assertThat(renewals).as("renewals after close").hasValue(closedAfter);
		}
		finally {
			application.shutdownNow();
		}
	}

	@Test
	void aCallThatOutlastsItsValidityReturnsItsIdIfTheLeaseWasRenewedMeanwhile() {
		TestClock clock = callClock();
		LeasedWorker worker = worker(settings(Duration.ofMillis(5)), clock);
		long before = worker.nextId();
		clock.onNextRead(() -> {
			advance(TTL.minus(MARGIN).minusSeconds(1));
			worker.heartbeat();
			advance(Duration.ofSeconds(2));
		});
		assertThat(worker.nextId()).isGreaterThan(before);
	}

	@Test
	void aCallThatOutlastsItsLeaseFailsEvenIfTheWorkerIdWasLeasedAgainMeanwhile() {
		TestClock clock = callClock();
		LeasedWorker worker = worker(settings(Duration.ofMillis(5)), clock);
		worker.nextId();
		clock.onNextRead(() -> {
			advance(TTL.plusSeconds(1));
			worker.heartbeat();
		});
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(worker::nextId);
		assertThat(worker.isValid()).as("leased again").isTrue();
	}

	@Test
	void leasesAgainWhenTheStoreIsBackAfterTheLeaseRanOut() {
		LeasedWorker worker = worker();
		long last = worker.nextId();
		this.store.setFailing(true);
		advance(TTL.plusSeconds(1));
		worker.heartbeat();
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(worker::nextId);
		this.store.setFailing(false);
		worker.heartbeat();
		assertThat(worker.isValid()).isTrue();
		assertThat(worker.nextId()).isGreaterThan(last);
	}

	@Test
	void newOwnerIssuesNothingAtOrBeforeTheLastMillisecondOfThePreviousOwner() {
		LeasedWorker first = worker();
		long lastIssuedAt = this.storeMillis.get() + 3;
		first.close();
		WorkerLease lease = this.store.acquire("someone", this.layout.maxWorkerId(), TTL).orElseThrow();
		this.store.release(lease, lastIssuedAt);
		LeasedWorker second = worker(settings(Duration.ZERO),
				Clock.fixed(Instant.ofEpochMilli(lastIssuedAt - 1), ZoneOffset.UTC));
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(second::nextId);
		second.close();
		LeasedWorker third = worker(settings(Duration.ofMillis(50)),
				Clock.fixed(Instant.ofEpochMilli(lastIssuedAt + 1), ZoneOffset.UTC));
		assertThat(third.layout().decode(third.nextId()).timestamp().toEpochMilli()).isGreaterThan(lastIssuedAt);
	}

	@Test
	void aStandbyWhoseClockIsBehindNeverReusesTheMillisecondsOfACrashedOwner() {
		Duration ttl = Duration.ofSeconds(2);
		long period = ttl.toMillis() / 3;
		BitLayout oneWorker = new BitLayout(this.layout.epoch(), 17, 41, 0, 1, 4);
		TestClock ownerClock = new TestClock(Instant.ofEpochMilli(this.storeMillis.get()));
		Duration margin = Duration.ofMillis(500);
		LeasedWorker owner = worker(new LeasedWorkerSettings(oneWorker, 0, ttl, margin, Duration.ofMillis(5)),
				ownerClock);
		Set<Long> ownerIds = new HashSet<>();
		for (long elapsed = 0; elapsed < 2 * period; elapsed++) {
			if (elapsed == period) {
				owner.heartbeat();
			}
			Arrays.stream(owner.nextIds(2)).forEach(ownerIds::add);
			advance(Duration.ofMillis(1), ownerClock);
		}
		advance(ttl.minusMillis(period).plusMillis(1), ownerClock);
		TestClock standbyClock = new TestClock(ownerClock.instant().minusSeconds(2));
		standbyClock.stepPerRead(1);
		LeasedWorker standby = worker(new LeasedWorkerSettings(oneWorker, 0, ttl, margin, Duration.ZERO), standbyClock);
		assertThat(standby.workerId()).isEqualTo(owner.workerId());
		List<Long> standbyIds = new ArrayList<>();
		for (int call = 1; standbyClock.instant().isBefore(ownerClock.instant().plusMillis(100)); call++) {
			if (call % 100 == 0) {
				standby.heartbeat();
			}
			try {
				Arrays.stream(standby.nextIds(2)).forEach(standbyIds::add);
			}
			catch (ClockMovedBackwardsException ex) {
				// the standby's clock is still behind the last timestamp the crashed
				// owner stored
			}
		}
		assertThat(standbyIds).isNotEmpty().doesNotContainAnyElementsOf(ownerIds);
	}

	@Test
	void everyRenewalStoresTheWallClockPlusTheTtlAsHorizon() {
		TestClock clock = new TestClock(Instant.ofEpochMilli(START_MILLIS));
		LeasedWorker worker = worker(clock, Duration.ofMillis(5));
		int workerId = worker.workerId().worker();
		assertThat(this.store.lastTimestamp(workerId)).as("stored before the first ID")
			.isEqualTo(START_MILLIS + TTL.toMillis());
		worker.nextId();
		clock.advance(20_000);
		advance(Duration.ofSeconds(20));
		worker.heartbeat();
		assertThat(this.store.lastTimestamp(workerId)).isEqualTo(START_MILLIS + 20_000 + TTL.toMillis());
	}

	@Test
	void anIdAfterTheHorizonIsRefusedUntilTheLeaseIsRenewed() {
		TestClock clock = new TestClock(Instant.ofEpochMilli(START_MILLIS));
		LeasedWorker worker = worker(clock, Duration.ofMillis(5));
		worker.nextId();
		clock.set(START_MILLIS + TTL.toMillis());
		assertThat(worker.layout().timestampMillis(worker.nextId())).isEqualTo(START_MILLIS + TTL.toMillis());
		clock.advance(1);
		assertThat(worker.isValid()).as("valid on the monotonic clock").isTrue();
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(worker::nextId)
			.withMessageContaining("clock ran past the horizon");
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(() -> worker.nextIds(3))
			.withMessageContaining("clock ran past the horizon");
		worker.heartbeat();
		assertThat(worker.layout().timestampMillis(worker.nextId())).isEqualTo(START_MILLIS + TTL.toMillis() + 1);
	}

	@Test
	void closeWhileCallersRunReleasesAMillisecondAtOrAfterEveryIdReturned() throws Exception {
		LeasedWorker worker = worker(Clock.systemUTC(), Duration.ofMillis(5));
		int workerId = worker.workerId().worker();
		List<Callable<long[]>> tasks = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			tasks.add(() -> {
				LongStream.Builder ids = LongStream.builder();
				try {
					while (true) {
						ids.add(worker.nextId());
					}
				}
				catch (WorkerIdLostException ex) {
					return ids.build().toArray();
				}
			});
		}
		tasks.add(() -> {
			Thread.sleep(50);
			worker.close();
			return new long[0];
		});
		long[] ids = runTogether(tasks).stream().flatMapToLong(LongStream::of).toArray();
		long released = this.store.lastTimestamp(workerId);
		assertThat(ids).isNotEmpty();
		assertThat(released).as("the horizon was lowered").isLessThan(System.currentTimeMillis() + TTL.toMillis() / 2);
		assertThat(Arrays.stream(ids).map(worker.layout()::timestampMillis).max().getAsLong())
			.isLessThanOrEqualTo(released);
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(worker::nextId)
			.withMessageContaining("closed");
	}

	@Test
	void theNextOwnerAfterAReleaseStartsWithoutWaitingForTheHorizon() {
		TestClock clock = new TestClock(Instant.ofEpochMilli(START_MILLIS));
		LeasedWorker first = worker(clock, Duration.ofMillis(5));
		long last = first.nextId();
		first.close();
		clock.advance(1);
		LeasedWorker next = worker(clock, Duration.ZERO);
		assertThat(next.workerId()).isEqualTo(first.workerId());
		assertThat(next.nextId()).isGreaterThan(last);
	}

	@Test
	void aGeneratorStartsAtTheStoredTimestampEvenBeforeItsFirstId() {
		WorkerLease lease = this.store.acquire("someone", this.layout.maxWorkerId(), TTL).orElseThrow();
		this.store.release(lease, START_MILLIS + 7);
		LeasedWorker worker = worker(new TestClock(Instant.ofEpochMilli(START_MILLIS)), Duration.ZERO);
		worker.close();
		assertThat(this.store.lastTimestamp(lease.workerId())).isEqualTo(START_MILLIS + 7);
	}

	@Test
	void sequenceInfoHasWorkerIdLeaseExpiryAndIssued() {
		LeasedWorker worker = worker();
		SnowflakeSequence sequence = new SnowflakeSequence("order", worker);
		sequence.next();
		sequence.next(9);
		assertThat(sequence.issued()).isEqualTo(10);
		Instant expiresAt = Instant.parse((String) sequence.info().get("leaseExpiresAt"));
		assertThat(expiresAt).isBetween(Instant.now().plus(TTL.minus(MARGIN)).minusSeconds(5),
				Instant.now().plus(TTL.minus(MARGIN)).plusSeconds(1));
		assertThat(sequence.info()).containsEntry("workerId", worker.workerId().worker()).containsEntry("issued", 10L);
	}

	@Test
	void closeReleasesTheWorkerId() {
		LeasedWorker worker = worker();
		worker.close();
		assertThat(this.store.countLive()).isZero();
	}

	private LeasedWorker worker(Clock clock, Duration maxBackwardWait) {
		return worker(settings(maxBackwardWait), clock);
	}

	private LeasedWorker worker(LeasedWorkerSettings settings, Clock clock) {
		return LeasedWorker.leaseWithoutHeartbeat(this.store, settings, SequenceObserver.NONE, clock, this.nanos::get);
	}

	private LeasedWorkerSettings settings(Duration maxBackwardWait) {
		return new LeasedWorkerSettings(this.layout, 0, TTL, MARGIN, maxBackwardWait);
	}

	private LeasedWorker worker() {
		return worker(this.wallClock, Duration.ofMillis(5));
	}

	private void advance(Duration duration) {
		this.nanos.addAndGet(duration.toNanos());
		this.storeMillis.addAndGet(duration.toMillis());
		this.wallClock.advance(duration.toMillis());
	}

	private void advance(Duration duration, TestClock clock) {
		advance(duration);
		clock.advance(duration.toMillis());
	}

	/**
	 * Return a wall clock of a worker's own, which {@link #advance(Duration)} does not
	 * move and which ticks a millisecond on every read: the action it runs on its next
	 * read is what happens while a call to the generator waits, and only the monotonic
	 * clock and the store's clock tell that the call took long, so that the horizon of
	 * the lease is never what fails the call.
	 */
	private static TestClock callClock() {
		TestClock clock = new TestClock(Instant.now());
		clock.stepPerRead(1);
		return clock;
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
