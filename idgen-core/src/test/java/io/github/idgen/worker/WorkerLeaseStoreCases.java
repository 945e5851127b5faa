package io.github.idgen.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;

import io.github.idgen.test.Concurrently;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cases every {@link WorkerLeaseStore} must pass, against a real store. Each test
 * uses a namespace of its own (a key prefix, a collection), shared by the store
 * instances it creates, so tests never see each other's leases.
 */
public abstract class WorkerLeaseStoreCases {

	private static final Duration LONG_TTL = Duration.ofSeconds(30);

	private static final Duration SHORT_TTL = Duration.ofSeconds(1);

	private static final long PAST_SHORT_TTL_MILLIS = 1300;

	private String namespace;

	/**
	 * Create a store instance in the given namespace; every call returns a new instance,
	 * as another generator instance would have.
	 * @param namespace a namespace unique to the calling test: letters, digits and
	 * underscores
	 * @return the store
	 */
	protected abstract WorkerLeaseStore createStore(String namespace);

	@BeforeEach
	void newNamespace() {
		this.namespace = "t" + UUID.randomUUID().toString().replace("-", "");
	}

	/**
	 * Return a new store instance in the namespace of the current test.
	 * @return the store
	 */
	protected WorkerLeaseStore store() {
		return createStore(this.namespace);
	}

	@Test
	void concurrentAcquirersGetDistinctWorkerIds() throws Exception {
		List<WorkerLeaseStore> stores = List.of(store(), store(), store(), store());
		List<Callable<Optional<WorkerLease>>> tasks = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			WorkerLeaseStore store = stores.get(i % stores.size());
			String owner = "owner-" + i;
			tasks.add(() -> store.acquire(owner, 1023, LONG_TTL));
		}
		List<Optional<WorkerLease>> leases = Concurrently.runTogether(tasks);
		Set<Integer> workerIds = new HashSet<>();
		for (int i = 0; i < leases.size(); i++) {
			WorkerLease lease = leases.get(i).orElseThrow();
			assertThat(lease.owner()).isEqualTo("owner-" + i);
			assertThat(lease.workerId()).isBetween(0, 1023);
			workerIds.add(lease.workerId());
		}
		assertThat(workerIds).hasSize(16);
		assertThat(store().countLive()).isEqualTo(16);
	}

	@Test
	void acquireTakesLowestFreeWorkerId() {
		WorkerLeaseStore store = store();
		assertThat(store.acquire("a", 7, LONG_TTL)).contains(new WorkerLease(0, "a", 0));
		assertThat(store.acquire("b", 7, LONG_TTL)).contains(new WorkerLease(1, "b", 0));
	}

	@Test
	void renewByOwnerSucceedsAndWorkerIdStaysTaken() {
		WorkerLease lease = store().acquire("a", 0, LONG_TTL).orElseThrow();
		assertThat(store().renew(lease, LONG_TTL, 1000)).isTrue();
		assertThat(store().renew(lease, LONG_TTL, 2000)).isTrue();
		assertThat(store().acquire("b", 0, LONG_TTL)).isEmpty();
		assertThat(store().acquire("b", 1, LONG_TTL)).map(WorkerLease::workerId).contains(1);
	}

	@Test
	void renewByOtherOwnerFails() {
		WorkerLease lease = store().acquire("a", 0, LONG_TTL).orElseThrow();
		assertThat(store().renew(new WorkerLease(lease.workerId(), "b", 0), LONG_TTL, 1000)).isFalse();
		assertThat(store().renew(lease, LONG_TTL, 1000)).isTrue();
	}

	@Test
	void renewExtendsTheLease() throws InterruptedException {
		WorkerLease lease = store().acquire("a", 0, Duration.ofMillis(1500)).orElseThrow();
		Thread.sleep(800);
		assertThat(store().renew(lease, Duration.ofMillis(1500), 1000)).isTrue();
		Thread.sleep(1000);
		assertThat(store().acquire("b", 0, LONG_TTL)).isEmpty();
		assertThat(store().renew(lease, LONG_TTL, 1000)).isTrue();
	}

	@Test
	void expiredLeaseIsTakenOverAndOldOwnerCannotRenew() throws InterruptedException {
		WorkerLease old = store().acquire("a", 0, SHORT_TTL).orElseThrow();
		assertThat(store().acquire("b", 0, SHORT_TTL)).isEmpty();
		Thread.sleep(PAST_SHORT_TTL_MILLIS);
		WorkerLease taken = store().acquire("b", 0, LONG_TTL).orElseThrow();
		assertThat(taken.workerId()).isEqualTo(old.workerId());
		assertThat(taken.owner()).isEqualTo("b");
		assertThat(store().renew(old, LONG_TTL, 1000)).isFalse();
		assertThat(store().renew(taken, LONG_TTL, 1000)).isTrue();
		assertThat(store().acquire("c", 0, LONG_TTL)).isEmpty();
	}

	@Test
	void renewAfterExpiryFailsEvenIfNobodyTookTheWorkerId() throws InterruptedException {
		WorkerLease lease = store().acquire("a", 0, SHORT_TTL).orElseThrow();
		Thread.sleep(PAST_SHORT_TTL_MILLIS);
		assertThat(store().countLive()).isZero();
		assertThat(store().renew(lease, LONG_TTL, 1000)).isFalse();
		assertThat(store().acquire("b", 0, LONG_TTL)).map(WorkerLease::workerId).contains(0);
	}

	@Test
	void releaseMakesWorkerIdAcquirableAtOnce() {
		WorkerLease lease = store().acquire("a", 0, LONG_TTL).orElseThrow();
		store().release(lease, 1000);
		assertThat(store().countLive()).isZero();
		assertThat(store().renew(lease, LONG_TTL, 1000)).isFalse();
		assertThat(store().acquire("b", 0, LONG_TTL)).map(WorkerLease::workerId).contains(0);
	}

	@Test
	void releaseByOtherOwnerDoesNothing() {
		WorkerLease lease = store().acquire("a", 0, LONG_TTL).orElseThrow();
		store().release(new WorkerLease(lease.workerId(), "b", 0), 5000);
		assertThat(store().acquire("c", 0, LONG_TTL)).isEmpty();
		assertThat(store().countLive()).isEqualTo(1);
		assertThat(store().renew(lease, LONG_TTL, 1000)).isTrue();
		store().release(lease, 2000);
		assertThat(store().acquire("c", 0, LONG_TTL)).contains(new WorkerLease(0, "c", 2000));
	}

	@Test
	void lastTimestampIsCarriedToNextOwnerAfterRelease() {
		WorkerLease first = store().acquire("a", 0, LONG_TTL).orElseThrow();
		assertThat(first.lastIssuedMillis()).isZero();
		assertThat(store().renew(first, LONG_TTL, 1_700_000_000_500L)).isTrue();
		store().release(first, 1_700_000_001_000L);
		WorkerLease second = store().acquire("b", 0, LONG_TTL).orElseThrow();
		assertThat(second.lastIssuedMillis()).isEqualTo(1_700_000_001_000L);
	}

	@Test
	void lastTimestampIsCarriedToNextOwnerAfterExpiry() throws InterruptedException {
		WorkerLease first = store().acquire("a", 0, SHORT_TTL).orElseThrow();
		assertThat(store().renew(first, SHORT_TTL, 1_700_000_002_000L)).isTrue();
		Thread.sleep(PAST_SHORT_TTL_MILLIS);
		WorkerLease second = store().acquire("b", 0, LONG_TTL).orElseThrow();
		assertThat(second.lastIssuedMillis()).isEqualTo(1_700_000_002_000L);
	}

	@Test
	void lastTimestampOnlyGrows() {
		WorkerLease first = store().acquire("a", 0, LONG_TTL).orElseThrow();
		assertThat(store().renew(first, LONG_TTL, 1_700_000_005_000L)).isTrue();
		assertThat(store().renew(first, LONG_TTL, 1_700_000_004_000L)).isTrue();
		store().release(first, 1_700_000_003_000L);
		WorkerLease second = store().acquire("b", 0, LONG_TTL).orElseThrow();
		assertThat(second.lastIssuedMillis()).isEqualTo(1_700_000_005_000L);
		store().release(second, 1_700_000_006_000L);
		assertThat(store().acquire("c", 0, LONG_TTL).orElseThrow().lastIssuedMillis())
			.isEqualTo(1_700_000_006_000L);
	}

	@Test
	void exhaustionLeavesNoWorkerIdAndCountsLiveLeases() {
		Set<Integer> workerIds = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			workerIds.add(store().acquire("owner-" + i, 3, LONG_TTL).orElseThrow().workerId());
		}
		assertThat(workerIds).containsExactlyInAnyOrder(0, 1, 2, 3);
		assertThat(store().acquire("owner-4", 3, LONG_TTL)).isEmpty();
		assertThat(store().countLive()).isEqualTo(4);
	}

}
