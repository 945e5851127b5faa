package io.github.idgen.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.SequenceObserver;
import io.github.idgen.WorkerIdLostException;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.LeasedWorker;
import io.github.idgen.snowflake.LeasedWorkerSettings;
import io.github.idgen.snowflake.LeasedWorkers;

import static io.github.idgen.test.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The behaviour every {@link WorkerLeaseStore} must have. A store's test extends this
 * class and supplies {@link #startNamespace()} and {@link #createStore()}: every test
 * starts an empty namespace of its own (a table, a key prefix, a collection), so that no
 * cleanup between tests is needed and leases of other tests never count.
 */
public abstract class AbstractWorkerLeaseStoreTest {

	private static final Duration LONG_TTL = Duration.ofMinutes(1);

	private static final int MAX_WORKER_ID = 1023;

	private WorkerLeaseStore store;

	/**
	 * Start a namespace on the backend under test that no other test uses and that is
	 * empty, in which every store {@link #createStore()} returns from now on keeps its
	 * leases. Called before each test.
	 */
	protected abstract void startNamespace();

	/**
	 * Create a store on the backend and namespace under test. Called several times per
	 * test where several independent instances sharing one backend are needed.
	 * @return a new store
	 */
	protected abstract WorkerLeaseStore createStore();

	/**
	 * Return the ttl of the leases that the tests let expire. Small, to keep the suite
	 * fast, but long enough for a few round trips to the backend.
	 * @return the short ttl
	 */
	protected Duration shortTtl() {
		return Duration.ofSeconds(1);
	}

	/**
	 * Return how much longer than {@link #shortTtl()} to wait for a lease to have expired
	 * on the backend's clock.
	 * @return the margin
	 */
	protected Duration expiryMargin() {
		return Duration.ofMillis(300);
	}

	@BeforeEach
	void createDefaultStore() {
		startNamespace();
		this.store = createStore();
	}

	@Test
	void acquireTakesTheLowestFreeIds() {
		WorkerLease first = acquire(this.store, "a", MAX_WORKER_ID, LONG_TTL);
		WorkerLease second = acquire(createStore(), "b", MAX_WORKER_ID, LONG_TTL);
		WorkerLease third = acquire(this.store, "c", MAX_WORKER_ID, LONG_TTL);
		assertThat(first).isEqualTo(new WorkerLease(0, "a", 0));
		assertThat(second).isEqualTo(new WorkerLease(1, "b", 0));
		assertThat(third).isEqualTo(new WorkerLease(2, "c", 0));
		assertThat(this.store.countLive()).isEqualTo(3);
	}

	@Test
	void acquireConcurrentlyFromSeveralInstancesHandsOutDistinctIds() throws Exception {
		int acquirers = 16;
		List<WorkerLeaseStore> stores = List.of(this.store, createStore(), createStore(), createStore());
		List<Callable<WorkerLease>> tasks = new ArrayList<>();
		for (int i = 0; i < acquirers; i++) {
			WorkerLeaseStore store = stores.get(i % stores.size());
			String owner = "owner-" + i;
			tasks.add(() -> acquire(store, owner, MAX_WORKER_ID, LONG_TTL));
		}
		List<WorkerLease> leases = runTogether(tasks);
		assertThat(leases).extracting(WorkerLease::workerId)
			.containsExactlyInAnyOrderElementsOf(IntStream.range(0, acquirers).boxed().toList());
		assertThat(leases).extracting(WorkerLease::owner)
			.containsExactlyInAnyOrderElementsOf(IntStream.range(0, acquirers).mapToObj((i) -> "owner-" + i).toList());
		assertThat(this.store.countLive()).isEqualTo(acquirers);
	}

	@Test
	void acquireConcurrentlyWhenLeasesExpiredTakesEachOverOnce() throws Exception {
		int expired = 4;
		int acquirers = 8;
		for (int i = 0; i < expired; i++) {
			acquire(this.store, "old-" + i, MAX_WORKER_ID, shortTtl());
		}
		waitForExpiry();
		List<WorkerLeaseStore> stores = List.of(this.store, createStore());
		List<Callable<WorkerLease>> tasks = new ArrayList<>();
		for (int i = 0; i < acquirers; i++) {
			WorkerLeaseStore store = stores.get(i % stores.size());
			String owner = "new-" + i;
			tasks.add(() -> acquire(store, owner, MAX_WORKER_ID, LONG_TTL));
		}
		assertThat(runTogether(tasks)).extracting(WorkerLease::workerId)
			.containsExactlyInAnyOrderElementsOf(IntStream.range(0, acquirers).boxed().toList());
		assertThat(this.store.countLive()).isEqualTo(acquirers);
	}

	@Test
	void renewByOwnerExtendsTheLease() throws InterruptedException {
		Duration ttl = shortTtl();
		WorkerLease lease = acquire(this.store, "a", 0, ttl);
		Thread.sleep(ttl.toMillis() * 6 / 10);
		assertThat(this.store.renew(lease, ttl, 0)).isTrue();
		Thread.sleep(ttl.toMillis() * 6 / 10);
		assertThat(createStore().acquire("b", 0, ttl)).isEmpty();
		assertThat(this.store.renew(lease, LONG_TTL, 0)).isTrue();
		assertThat(this.store.countLive()).isEqualTo(1);
	}

	@Test
	void renewByAnotherOwnerFails() {
		WorkerLease lease = acquire(this.store, "a", 0, LONG_TTL);
		assertThat(this.store.renew(new WorkerLease(lease.workerId(), "b", 0), LONG_TTL, 0)).isFalse();
		assertThat(this.store.renew(new WorkerLease(1, "a", 0), LONG_TTL, 0)).isFalse();
		assertThat(this.store.renew(lease, LONG_TTL, 0)).isTrue();
	}

	@Test
	void expiredLeaseIsTakenOverAndItsOwnerCannotRenew() throws InterruptedException {
		WorkerLease old = acquire(this.store, "a", 0, shortTtl());
		assertThat(createStore().acquire("b", 0, LONG_TTL)).isEmpty();
		waitForExpiry();
		WorkerLease taken = acquire(createStore(), "b", 0, LONG_TTL);
		assertThat(taken.workerId()).isEqualTo(old.workerId());
		assertThat(this.store.renew(old, LONG_TTL, 0)).isFalse();
		assertThat(this.store.renew(taken, LONG_TTL, 0)).isTrue();
		assertThat(this.store.countLive()).isEqualTo(1);
	}

	@Test
	void renewAfterExpiryFailsEvenIfNobodyTookTheId() throws InterruptedException {
		WorkerLease lease = acquire(this.store, "a", 0, shortTtl());
		waitForExpiry();
		assertThat(this.store.countLive()).isZero();
		assertThat(this.store.renew(lease, LONG_TTL, 0)).isFalse();
		assertThat(this.store.countLive()).isZero();
		assertThat(acquire(createStore(), "b", 0, LONG_TTL).workerId()).isEqualTo(lease.workerId());
	}

	@Test
	void releaseMakesTheIdFreeAtOnce() {
		WorkerLease lease = acquire(this.store, "a", 0, LONG_TTL);
		this.store.release(lease, 0);
		assertThat(this.store.countLive()).isZero();
		assertThat(this.store.renew(lease, LONG_TTL, 0)).isFalse();
		assertThat(acquire(createStore(), "b", 0, LONG_TTL).workerId()).isEqualTo(lease.workerId());
	}

	@Test
	void releaseByAnotherOwnerDoesNothing() {
		WorkerLease lease = acquire(this.store, "a", 0, LONG_TTL);
		createStore().release(new WorkerLease(lease.workerId(), "b", 0), 9_000);
		assertThat(createStore().acquire("b", 0, LONG_TTL)).isEmpty();
		assertThat(this.store.countLive()).isEqualTo(1);
		assertThat(this.store.renew(lease, LONG_TTL, 100)).isTrue();
		this.store.release(lease, 100);
		assertThat(acquire(createStore(), "c", 0, LONG_TTL).lastIssuedMillis()).isEqualTo(100L);
	}

	@Test
	void releaseHandsTheLastTimestampToTheNextOwner() {
		long lastIssued = 1_700_000_000_123L;
		WorkerLease lease = acquire(this.store, "a", 0, LONG_TTL);
		this.store.release(lease, lastIssued);
		WorkerLease next = acquire(createStore(), "b", 0, LONG_TTL);
		assertThat(next.workerId()).isEqualTo(lease.workerId());
		assertThat(next.lastIssuedMillis()).isEqualTo(lastIssued);
	}

	@Test
	void renewHandsTheLastTimestampToTheNextOwnerAfterExpiry() throws InterruptedException {
		long lastIssued = 1_700_000_000_456L;
		WorkerLease lease = acquire(this.store, "a", 0, LONG_TTL);
		assertThat(this.store.renew(lease, shortTtl(), lastIssued)).isTrue();
		waitForExpiry();
		WorkerLease next = acquire(createStore(), "b", 0, LONG_TTL);
		assertThat(next.workerId()).isEqualTo(lease.workerId());
		assertThat(next.lastIssuedMillis()).isGreaterThanOrEqualTo(lastIssued);
	}

	@Test
	void renewNeverLowersTheLastTimestamp() throws InterruptedException {
		long horizon = 1_700_000_000_789L;
		WorkerLease lease = acquire(this.store, "a", 0, LONG_TTL);
		assertThat(this.store.renew(lease, LONG_TTL, horizon)).isTrue();
		assertThat(this.store.renew(lease, shortTtl(), horizon - 5_000)).isTrue();
		waitForExpiry();
		assertThat(acquire(createStore(), "b", 0, LONG_TTL).lastIssuedMillis()).isEqualTo(horizon);
	}

	@Test
	void releaseSetsTheLastTimestampExactlyEvenBelowTheHorizonOfTheLastRenewal() {
		long horizon = 1_700_000_060_789L;
		WorkerLease lease = acquire(this.store, "a", 0, LONG_TTL);
		assertThat(this.store.renew(lease, LONG_TTL, horizon)).isTrue();
		this.store.release(lease, horizon - 59_000);
		WorkerLease next = acquire(createStore(), "b", 0, LONG_TTL);
		assertThat(next.workerId()).isEqualTo(lease.workerId());
		assertThat(next.lastIssuedMillis()).isEqualTo(horizon - 59_000);
	}

	@Test
	void acquireWhenEveryIdIsLeasedReturnsEmpty() {
		int maxWorkerId = 3;
		List<WorkerLease> leases = new ArrayList<>();
		for (int i = 0; i <= maxWorkerId; i++) {
			leases.add(acquire((i % 2 == 0) ? this.store : createStore(), "owner-" + i, maxWorkerId, LONG_TTL));
		}
		assertThat(leases).extracting(WorkerLease::workerId).containsExactly(0, 1, 2, 3);
		assertThat(createStore().acquire("late", maxWorkerId, LONG_TTL)).isEmpty();
		assertThat(this.store.countLive()).isEqualTo(4);
		this.store.release(leases.get(2), 0);
		assertThat(acquire(createStore(), "late", maxWorkerId, LONG_TTL).workerId()).isEqualTo(2);
	}

	private void waitForExpiry() throws InterruptedException {
		Thread.sleep(shortTtl().plus(expiryMargin()).toMillis());
	}

	private static WorkerLease acquire(WorkerLeaseStore store, String owner, int maxWorkerId, Duration ttl) {
		Optional<WorkerLease> lease = store.acquire(owner, maxWorkerId, ttl);
		assertThat(lease).as("lease of %s", owner).isPresent();
		return lease.get();
	}

	@Test
	void pausedHolderFencesItselfBeforeItsWorkerIdCanBeTaken() throws InterruptedException {
		Duration ttl = shortTtl();
		Duration margin = ttl.dividedBy(5);
		BitLayout layout = new BitLayout(BitLayout.DEFAULT_EPOCH, 41, 0, 1, 21);
		LeasedWorkerSettings settings = new LeasedWorkerSettings(layout, 0, ttl, margin, Duration.ofMillis(5));
		LeasedWorker paused = LeasedWorkers.withoutHeartbeat(createStore(), settings);
		long issued = paused.nextId();
		Thread.sleep(ttl.minus(margin).toMillis());
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(paused::nextId);
		Thread.sleep(margin.plus(expiryMargin()).toMillis());
		LeasedWorker successor = LeasedWorkers.withoutHeartbeat(createStore(), settings);
		assertThat(successor.workerId()).isEqualTo(paused.workerId());
		assertThat(successor.nextId()).isGreaterThan(issued);
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(paused::nextId);
	}

	@Test
	void fourLeasedGeneratorsOnOneStoreNeverRepeatAnId() throws Exception {
		BitLayout layout = BitLayout.standard();
		List<Callable<long[]>> callers = new ArrayList<>();
		List<LeasedWorker> workers = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			LeasedWorker worker = LeasedWorker.lease(createStore(), new LeasedWorkerSettings(layout, 0,
					Duration.ofMinutes(1), Duration.ofSeconds(10), Duration.ofMillis(5)), SequenceObserver.NONE);
			workers.add(worker);
			for (int thread = 0; thread < 2; thread++) {
				callers.add(() -> LongStream.range(0, 125_000).map((i2) -> worker.nextId()).toArray());
			}
		}
		try {
			long[] ids = runTogether(callers).stream().flatMapToLong(LongStream::of).sorted().toArray();
			assertThat(ids).hasSize(1_000_000);
			for (int i = 1; i < ids.length; i++) {
				if (ids[i] == ids[i - 1]) {
					throw new AssertionError("Duplicate ID " + ids[i]);
				}
			}
		}
		finally {
			workers.forEach(LeasedWorker::close);
		}
	}

}
