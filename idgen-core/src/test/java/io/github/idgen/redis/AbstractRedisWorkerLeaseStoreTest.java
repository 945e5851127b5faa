package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;

import io.github.idgen.test.Concurrently;
import io.github.idgen.test.TestBackends;
import io.github.idgen.worker.AbstractWorkerLeaseStoreTest;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;
import io.lettuce.core.cluster.SlotHash;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@link AbstractWorkerLeaseStoreTest} suite against {@link RedisWorkerLeaseStore}
 * plus the Redis specifics, for one Redis deployment, with a key prefix per test.
 */
abstract class AbstractRedisWorkerLeaseStoreTest extends AbstractWorkerLeaseStoreTest {

	private String prefix;

	/**
	 * Return the Redis under test, the same on every call.
	 * @return a started connection factory
	 */
	protected abstract LettuceConnectionFactory connectionFactory();

	@Override
	protected void startNamespace() {
		this.prefix = "idgen-test:" + UUID.randomUUID() + ":";
	}

	@Override
	protected RedisWorkerLeaseStore createStore() {
		return new RedisWorkerLeaseStore(connectionFactory(), this.prefix);
	}

	@Test
	void leaseExpiresOnTheServerAndLastTimestampKeyStays() {
		RedisWorkerLeaseStore store = createStore();
		WorkerLease lease = store.acquire("a", 3, Duration.ofSeconds(30)).orElseThrow();
		assertThat(store.renew(lease, Duration.ofSeconds(30), 1_700_000_000_000L)).isTrue();
		StringRedisTemplate redis = new StringRedisTemplate(connectionFactory());
		String leaseKey = store.leaseKey(lease.workerId());
		String lastKey = store.lastTimestampKey(lease.workerId());
		assertThat(redis.opsForValue().get(leaseKey)).isEqualTo("a");
		assertThat(redis.getExpire(leaseKey)).isBetween(1L, 30L);
		assertThat(redis.opsForValue().get(lastKey)).isEqualTo("1700000000000");
		assertThat(redis.getExpire(lastKey)).isEqualTo(-1L);
		assertThat(SlotHash.getSlot(lastKey)).isEqualTo(SlotHash.getSlot(leaseKey));
	}

	@Test
	void noSequenceNameCanTakeOrBlockAWorkerId() {
		RedisSegmentStore sequences = new RedisSegmentStore(connectionFactory(), new RedisKeys(this.prefix));
		for (int workerId = 0; workerId <= 3; workerId++) {
			for (String name : List.of("worker:" + workerId, "worker:" + workerId + "}:last",
					"worker:{" + workerId + "}")) {
				try {
					sequences.allocate(name, 10, 1);
				}
				catch (IllegalArgumentException ex) {
					assertThat(ex).hasMessageContaining("must not contain '{' or '}'");
				}
			}
		}
		RedisWorkerLeaseStore store = createStore();
		Set<Integer> workerIds = new HashSet<>();
		for (int i = 0; i <= 3; i++) {
			workerIds.add(store.acquire("owner-" + i, 3, Duration.ofSeconds(30)).orElseThrow().workerId());
		}
		assertThat(workerIds).containsExactlyInAnyOrder(0, 1, 2, 3);
	}

	@Test
	void storesWithOtherPrefixesDoNotShareLeases() {
		WorkerLeaseStore other = new RedisWorkerLeaseStore(connectionFactory(),
				"idgen-test:other" + System.nanoTime() + ":");
		assertThat(createStore().acquire("a", 0, Duration.ofSeconds(30))).isPresent();
		assertThat(other.acquire("b", 0, Duration.ofSeconds(30))).isPresent();
	}

	@Test
	void acquirersOnConnectionsOfTheirOwnGetDistinctWorkerIds() throws Exception {
		String prefix = "idgen-test:" + UUID.randomUUID() + ":";
		List<LettuceConnectionFactory> factories = new ArrayList<>();
		try {
			List<Callable<Optional<WorkerLease>>> tasks = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				LettuceConnectionFactory factory = TestBackends.newRedisConnectionFactory(connectionFactory());
				factories.add(factory);
				WorkerLeaseStore store = new RedisWorkerLeaseStore(factory, prefix);
				String owner = "owner-" + i;
				tasks.add(() -> store.acquire(owner, 1023, Duration.ofSeconds(30)));
			}
			Set<Integer> workerIds = new HashSet<>();
			for (Optional<WorkerLease> lease : Concurrently.runTogether(tasks)) {
				workerIds.add(lease.orElseThrow().workerId());
			}
			assertThat(workerIds).hasSize(16).allMatch((workerId) -> workerId >= 0 && workerId < 16);
			assertThat(new RedisWorkerLeaseStore(connectionFactory(), prefix).countLive()).isEqualTo(16);
		}
		finally {
			factories.forEach(LettuceConnectionFactory::destroy);
		}
	}

}
