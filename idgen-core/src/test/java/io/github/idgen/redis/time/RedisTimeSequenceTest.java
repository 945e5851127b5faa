package io.github.idgen.redis.time;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisServerCommands;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.script.RedisScript;

import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.CounterLostException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RedisTimeSequence} against two Redis servers that the test starts.
 */
class RedisTimeSequenceTest {

	private static final int SHARD = 7;

	private static final long CLOCK_BACK_MILLIS = 2000;

	@RegisterExtension
	static final RedisServerExtension firstNode = new RedisServerExtension();

	@RegisterExtension
	static final RedisServerExtension secondNode = new RedisServerExtension();

	private RedisServerProcess first;

	private RedisServerProcess second;

	private String name;

	@BeforeEach
	void startServers() {
		this.first = firstNode.server();
		this.second = secondNode.server();
	}

	@BeforeEach
	void nameSequenceAfterTest(TestInfo testInfo) {
		this.name = testInfo.getTestMethod().orElseThrow().getName();
	}

	@Test
	void instancesAndThreadsOnTwoNodesNeverRepeatAnId() throws Exception {
		int instances = 4;
		int threads = 2;
		int perThread = 50_000;
		List<RedisTimeSequence> sequences = new ArrayList<>();
		for (int i = 0; i < instances; i++) {
			sequences.add(sequence(i % 2, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5))));
		}
		long before = System.currentTimeMillis();
		List<long[]> results = runConcurrently(instances * threads,
				(thread) -> () -> nextInBatchesOfVaryingSize(sequences.get(thread % instances), perThread));
		long after = System.currentTimeMillis();
		assertAllUnique(results, instances * threads * perThread);
		for (int thread = 0; thread < results.size(); thread++) {
			long[] ids = results.get(thread);
			int node = (thread % instances) % 2;
			assertThat(ids).isSorted().doesNotHaveDuplicates();
			assertThat(Arrays.stream(ids).mapToObj(RedisTimeLayout.DEFAULT::decode).map(RedisTimeId::time).toList())
				.as("times of the IDs of one thread, all from one node")
				.isSorted();
			for (long id : ids) {
				RedisTimeId decoded = RedisTimeLayout.DEFAULT.decode(id);
				assertThat(decoded.time()).isBetween(Instant.ofEpochMilli(before - 1000),
						Instant.ofEpochMilli(after + 1000));
				assertThat(decoded.shard()).isEqualTo(SHARD);
				assertThat(decoded.sequence() % 2).isEqualTo(node);
			}
		}
	}

	@Test
	void idsOfOneNodeIncreaseAcrossInstances() {
		RedisTimeSettings settings = settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5));
		List<RedisTimeSequence> sequences = List.of(sequence(1, settings), sequence(1, settings));
		long[] ids = new long[2000];
		for (int i = 0; i < ids.length; i++) {
			ids[i] = sequences.get(i % 2).next();
		}
		assertThat(ids).isSorted().doesNotHaveDuplicates();
	}

	@Test
	void batchesAreAscendingAndSpanMilliseconds() {
		RedisTimeLayout layout = new RedisTimeLayout(41, 18, 4, RedisTimeLayout.DEFAULT_EPOCH);
		RedisTimeSequence sequence = sequence(1, settings(layout, Duration.ofSeconds(1)));
		long[] ids = sequence.next(100);
		assertThat(ids).hasSize(100).isSorted().doesNotHaveDuplicates();
		assertThat(Arrays.stream(ids).mapToObj(layout::decode).map(RedisTimeId::time).distinct().count())
			.as("milliseconds of 100 IDs with 8 sequence values per node and millisecond")
			.isGreaterThanOrEqualTo(13);
		assertThat(Arrays.stream(ids).mapToObj(layout::decode)).allSatisfy((id) -> {
			assertThat(id.sequence() % 2).isOne();
			assertThat(id.shard()).isEqualTo(SHARD);
		});
		assertThat(sequence.next(1)[0]).isGreaterThan(ids[99]);
	}

	@Test
	void exhaustedMillisecondsMoveOnWithoutRepeatingAnId() throws Exception {
		RedisTimeLayout layout = new RedisTimeLayout(41, 20, 2, RedisTimeLayout.DEFAULT_EPOCH);
		List<RedisTimeSequence> sequences = List.of(sequence(0, settings(layout, Duration.ofSeconds(1))),
				sequence(1, settings(layout, Duration.ofSeconds(1))));
		int perThread = 400;
		List<long[]> results = runConcurrently(4, (thread) -> () -> nextOneByOne(sequences.get(thread % 2), perThread));
		assertAllUnique(results, 4 * perThread);
		for (int thread = 0; thread < results.size(); thread++) {
			assertThat(results.get(thread)).isSorted();
			for (long id : results.get(thread)) {
				assertThat(layout.decode(id).sequence()).isBetween(0L, 3L);
				assertThat(layout.decode(id).sequence() % 2).isEqualTo(thread % 2);
			}
		}
		long milliseconds = results.stream()
			.flatMapToLong(Arrays::stream)
			.mapToObj(layout::decode)
			.map(RedisTimeId::time)
			.distinct()
			.count();
		assertThat(milliseconds).as("milliseconds of %s IDs, at most 4 per millisecond", 4 * perThread)
			.isGreaterThanOrEqualTo(4 * perThread / 4);
	}

	@Test
	void clockGoingBackKeepsCountingInTheLastMillisecond() {
		RedisTimeSequence sequence = sequence(0, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(20)));
		long[] before = sequence.next(10);
		long future = redisMillis(this.first) + CLOCK_BACK_MILLIS;
		setState(this.first, "ms", future);
		setState(this.first, "free", 0);
		long[] after = nextOneByOne(sequence, 512);
		assertThat(after).isSorted().doesNotHaveDuplicates();
		assertThat(after[0]).isGreaterThan(before[9]);
		assertThat(Arrays.stream(after).mapToObj(RedisTimeLayout.DEFAULT::decode)).allSatisfy((id) -> {
			assertThat(id.time()).isEqualTo(Instant.ofEpochMilli(future));
			assertThat(id.sequence() % 2).isZero();
		});
		long[] moved = nextOneByOne(sequence, 100);
		assertThat(Arrays.stream(moved).mapToObj(RedisTimeLayout.DEFAULT::decode))
			.as("IDs once the future millisecond is used up")
			.allSatisfy((id) -> {
				assertThat(id.time()).isBefore(Instant.ofEpochMilli(future));
				assertThat(id.sequence() % 2).isOne();
			});
		assertAllUnique(List.of(before, after, moved), 10 + 512 + 100);
	}

	@Test
	void clockGoingBackOnTheOnlyNodeThrowsOnceTheLastMillisecondIsUsedUp() {
		RedisTimeSequence sequence = new RedisTimeSequence(this.name, List.of(this.first.connectionFactory()), 0,
				settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(20)));
		long before = sequence.next();
		long future = redisMillis(this.first) + CLOCK_BACK_MILLIS;
		setState(this.first, "ms", future);
		long[] after = sequence.next(1023 - (int) RedisTimeLayout.DEFAULT.decode(before).sequence());
		assertThat(after[0]).isGreaterThan(before);
		assertThat(RedisTimeLayout.DEFAULT.decode(after[after.length - 1]).sequence()).isEqualTo(1023);
		long start = System.nanoTime();
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(sequence::next)
			.withMessageContaining("ms behind the last millisecond it handed out")
			.withMessageContaining("node 0")
			.withMessageNotContaining(this.first.address())
			.satisfies((ex) -> assertThat(ex.getJump()).isBetween(Duration.ofMillis(CLOCK_BACK_MILLIS - 1000),
					Duration.ofMillis(CLOCK_BACK_MILLIS)));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1000));
	}

	@Test
	void lostStateKeyWithClockBehindIsRefused() {
		RedisTimeSequence sequence = sequence(0, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5)));
		long future = redisMillis(this.first) + CLOCK_BACK_MILLIS;
		setState(this.first, "ms", future);
		setState(this.first, "free", 0);
		assertThat(RedisTimeLayout.DEFAULT.decode(sequence.next()).time()).isEqualTo(Instant.ofEpochMilli(future));
		this.first.template().delete(stateKey());
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(sequence::next)
			.withMessageContaining("it lost key '" + stateKey() + "'")
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo(this.name));
	}

	@Test
	void scriptIsLoadedAgainAfterScriptFlush() {
		String sha = RedisScript.of(new ClassPathResource("reserve.lua", RedisTimeNode.class)).getSha1();
		RedisTimeSequence sequence = sequence(0, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5)));
		long before = sequence.next();
		assertThat(scriptExists(this.first, sha)).isTrue();
		this.first.template().execute((RedisCallback<Void>) (connection) -> {
			connection.scriptingCommands().scriptFlush();
			return null;
		});
		assertThat(scriptExists(this.first, sha)).isFalse();
		assertThat(sequence.next()).isGreaterThan(before);
		assertThat(scriptExists(this.first, sha)).isTrue();
	}

	@Test
	void instanceWithNodesInAnotherOrderIsRefused() {
		sequence(0, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5))).next();
		RedisTimeSequence swapped = new RedisTimeSequence(this.name,
				List.of(this.second.connectionFactory(), this.first.connectionFactory()), 1,
				settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5)));
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(swapped::next)
			.withMessage("Redis node 1 serves sequence '" + this.name + "' (key '" + stateKey()
					+ "') as node 0 of 2, layout 41/12/10 from 2025-01-01T00:00:00Z, but this instance "
					+ "is configured as node 1 of 2, layout 41/12/10 from 2025-01-01T00:00:00Z. Every instance of a "
					+ "sequence must list the same Redis nodes in the same order and use the same layout; changing "
					+ "them for a sequence in use can repeat IDs, so give the new configuration a new sequence or "
					+ "key prefix");
	}

	@Test
	void instanceWithAnotherLayoutIsRefused() {
		sequence(0, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5))).next();
		RedisTimeLayout other = new RedisTimeLayout(41, 11, 11, RedisTimeLayout.DEFAULT_EPOCH);
		assertThatExceptionOfType(IdGenerationException.class)
			.isThrownBy(() -> sequence(0, settings(other, Duration.ofMillis(5))).next())
			.withMessageContaining("as node 0 of 2, layout 41/12/10 from 2025-01-01T00:00:00Z, "
					+ "but this instance is configured as node 0 of 2, layout 41/11/11 from 2025-01-01T00:00:00Z");
	}

	@Test
	void shardsAndKeyPrefixesHaveStatesOfTheirOwn() {
		RedisTimeSettings otherShard = new RedisTimeSettings(RedisTimeLayout.DEFAULT, SHARD + 1, "idgen:",
				Duration.ofMillis(5), Duration.ofMillis(5));
		RedisTimeSettings otherPrefix = new RedisTimeSettings(RedisTimeLayout.DEFAULT, SHARD, "app:",
				Duration.ofMillis(5), Duration.ofMillis(5));
		sequence(0, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5))).next();
		assertThat(RedisTimeLayout.DEFAULT.decode(sequence(0, otherShard).next()).shard()).isEqualTo(SHARD + 1);
		sequence(0, otherPrefix).next();
		assertThat(this.first.template().keys("*{" + this.name + "}*")).containsExactlyInAnyOrder(stateKey(),
				"idgen:{" + this.name + "}:time:" + (SHARD + 1), "app:{" + this.name + "}:time:" + SHARD);
		assertThat(this.first.template().getExpire(stateKey())).as("expiry of the state key").isEqualTo(-1L);
	}

	@Test
	void decodeReturnsTheFieldsOfAnId() {
		RedisTimeSequence sequence = sequence(1, settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5)));
		Instant before = Instant.now().minusSeconds(1);
		long id = sequence.next();
		assertThat(id).isPositive();
		RedisTimeId decoded = sequence.decode(id);
		assertThat(decoded.time()).isBetween(before, Instant.now().plusSeconds(1));
		assertThat(decoded.shard()).isEqualTo(SHARD);
		assertThat(decoded.sequence() % 2).isOne();
		assertThat(sequence.name()).isEqualTo(this.name);
	}

	@Test
	void rejectsInvalidArguments() {
		RedisTimeSettings settings = settings(RedisTimeLayout.DEFAULT, Duration.ofMillis(5));
		List<RedisConnectionFactory> nodes = List.of(this.first.connectionFactory(), this.second.connectionFactory());
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeSequence("a{b}", nodes, 0, settings))
			.withMessage("Sequence name must not contain '{' or '}', which would change the hash tag of its Redis "
					+ "keys: 'a{b}'");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeSequence("a}", nodes, 0, settings))
			.withMessageContaining("must not contain '{' or '}'");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeSequence(" a", nodes, 0, settings))
			.withMessage("Sequence name must not start or end with white space: ' a'");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeSequence("", nodes, 0, settings))
			.withMessage("Sequence name must not be empty");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeSequence("a", List.of(), 0, settings))
			.withMessage("connectionFactories must contain at least one node");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSequence("a", Collections.singletonList(null), 0, settings))
			.withMessage("connectionFactories must not contain null but has it at 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeSequence("a", nodes, 2, settings))
			.withMessage("preferredNode must lie within [0, 1] but was 2");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeSequence("a", nodes, 0, null))
			.withMessage("settings must not be null");
		RedisTimeLayout twoSequenceBits = new RedisTimeLayout(41, 20, 2, RedisTimeLayout.DEFAULT_EPOCH);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSequence("a", Collections.nCopies(5, this.first.connectionFactory()), 0,
					settings(twoSequenceBits, Duration.ofMillis(5))))
			.withMessage("connectionFactories must contain at most 4 nodes (one sequence value per node and "
					+ "millisecond with 2 sequence bits) but contains 5");
		RedisTimeSequence sequence = new RedisTimeSequence("a", nodes, 0, settings);
		assertThatIllegalArgumentException().isThrownBy(() -> sequence.next(0))
			.withMessage("count must be at least 1 but was 0");
	}

	private RedisTimeSequence sequence(int preferredNode, RedisTimeSettings settings) {
		return new RedisTimeSequence(this.name,
				List.of(this.first.connectionFactory(), this.second.connectionFactory()), preferredNode, settings);
	}

	private static RedisTimeSettings settings(RedisTimeLayout layout, Duration maxWait) {
		return new RedisTimeSettings(layout, SHARD, "idgen:", Duration.ofMillis(5), maxWait);
	}

	private String stateKey() {
		return "idgen:{" + this.name + "}:time:" + SHARD;
	}

	private void setState(RedisServerProcess server, String field, long value) {
		server.template().opsForHash().put(stateKey(), field, Long.toString(value));
	}

	private static long redisMillis(RedisServerProcess server) {
		return server.template().execute((RedisCallback<Long>) RedisServerCommands::time);
	}

	private static boolean scriptExists(RedisServerProcess server, String sha) {
		return server.template()
			.execute((RedisCallback<List<Boolean>>) (connection) -> connection.scriptingCommands().scriptExists(sha))
			.get(0);
	}

	private static long[] nextOneByOne(RedisTimeSequence sequence, int count) {
		long[] ids = new long[count];
		for (int i = 0; i < count; i++) {
			ids[i] = sequence.next();
		}
		return ids;
	}

	private static long[] nextInBatchesOfVaryingSize(RedisTimeSequence sequence, int count) {
		long[] ids = new long[count];
		int filled = 0;
		for (int batch = 1; filled < count; batch = batch % 64 + 1) {
			ids[filled++] = sequence.next();
			if (filled < count) {
				long[] more = sequence.next(Math.min(batch, count - filled));
				System.arraycopy(more, 0, ids, filled, more.length);
				filled += more.length;
			}
		}
		return ids;
	}

	private static List<long[]> runConcurrently(int threads, IntFunction<Callable<long[]>> task) throws Exception {
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<long[]>> futures = new ArrayList<>();
			for (int thread = 0; thread < threads; thread++) {
				Callable<long[]> work = task.apply(thread);
				futures.add(executor.submit(() -> {
					start.await();
					return work.call();
				}));
			}
			start.countDown();
			List<long[]> results = new ArrayList<>();
			for (Future<long[]> future : futures) {
				results.add(future.get());
			}
			return results;
		}
		finally {
			executor.shutdownNow();
		}
	}

	private static void assertAllUnique(List<long[]> results, int expected) {
		long[] all = results.stream().flatMapToLong(Arrays::stream).sorted().toArray();
		assertThat(all).hasSize(expected);
		for (int i = 1; i < all.length; i++) {
			if (all[i] == all[i - 1]) {
				throw new AssertionError("ID " + all[i] + " was handed out twice");
			}
		}
		assertThat(all[0]).isPositive();
	}

}
