package io.github.idgen.redis.time;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link RedisTimeSequence} with Redis nodes that go down. Every test starts
 * servers of its own.
 */
class RedisTimeFailoverTest {

	private static final RedisTimeLayout LAYOUT = RedisTimeLayout.DEFAULT;

	@RegisterExtension
	final RedisServerExtension firstNode = new RedisServerExtension();

	@RegisterExtension
	final RedisServerExtension secondNode = new RedisServerExtension();

	@Test
	void nodeStoppedMidRunLeavesTheOtherNodeToGoOn() throws Exception {
		RedisServerProcess first = this.firstNode.server();
		RedisServerProcess second = this.secondNode.server();
		List<RedisTimeSequence> sequences = List.of(sequence(first, second), sequence(first, second));
		int threads = 4;
		int afterStop = 2000;
		AtomicInteger generated = new AtomicInteger();
		AtomicBoolean stopped = new AtomicBoolean();
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Future<long[][]>> futures = new ArrayList<>();
			for (int thread = 0; thread < threads; thread++) {
				RedisTimeSequence sequence = sequences.get(thread % 2);
				futures.add(executor.submit(() -> generate(sequence, afterStop, generated, stopped)));
			}
			while (generated.get() < 4000) {
				Thread.sleep(1);
			}
			first.stop();
			stopped.set(true);
			List<long[]> all = new ArrayList<>();
			for (Future<long[][]> future : futures) {
				long[][] ids = future.get();
				all.add(ids[0]);
				all.add(ids[1]);
				assertThat(Arrays.stream(ids[1]).mapToObj(LAYOUT::decode))
					.as("IDs asked for after the first node stopped")
					.allSatisfy((id) -> assertThat(id.sequence() % 2).isOne());
			}
			long[] sorted = all.stream().flatMapToLong(Arrays::stream).sorted().toArray();
			assertThat(sorted).hasSizeGreaterThan(4000 + threads * afterStop).doesNotHaveDuplicates();
		}
		finally {
			executor.shutdownNow();
		}
	}

	@Test
	void allNodesDownThrowsBackendUnavailableNamingThem() {
		RedisServerProcess first = this.firstNode.server();
		RedisServerProcess second = this.secondNode.server();
		RedisTimeSequence sequence = sequence(first, second);
		long before = sequence.next();
		first.stop();
		second.stop();
		long start = System.nanoTime();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(sequence::next)
			.withMessageStartingWith("Sequence 'orders' could not reserve IDs on any of its Redis nodes: node 0: ")
			.withMessageContaining("; node 1: ")
			.withMessageNotContaining(first.address())
			.withMessageNotContaining(second.address());
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> sequence(first, second).next(10));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(RedisServerProcess.TIMEOUT.multipliedBy(4));
		assertThat(before).isPositive();
	}

	@Test
	void restartedNodeServesAgainWithoutRepeatingAnId() throws InterruptedException {
		RedisServerProcess first = this.firstNode.server();
		RedisServerProcess second = this.secondNode.server();
		List<long[]> all = new ArrayList<>();
		all.add(sequence(first, second).next(1000));
		first.stop();
		all.add(sequence(first, second).next(1000));
		first.restart();
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		long[] afterRestart;
		do {
			Thread.sleep(20);
			afterRestart = sequence(first, second).next(1000);
			all.add(afterRestart);
		}
		while (LAYOUT.decode(afterRestart[0]).sequence() % 2 != 0 && System.nanoTime() < deadline);
		assertThat(Arrays.stream(afterRestart).mapToObj(LAYOUT::decode))
			.as("IDs from an instance that prefers the restarted node")
			.allSatisfy((id) -> assertThat(id.sequence() % 2).isZero());
		long[] sorted = all.stream().flatMapToLong(Arrays::stream).sorted().toArray();
		assertThat(sorted).hasSize(1000 * all.size()).doesNotHaveDuplicates();
	}

	private static RedisTimeSequence sequence(RedisServerProcess first, RedisServerProcess second) {
		return new RedisTimeSequence("orders", List.of(first.connectionFactory(), second.connectionFactory()), 0,
				new RedisTimeSettings(LAYOUT, 1, "idgen:", Duration.ofMillis(5), Duration.ofMillis(5)));
	}

	private static long[][] generate(RedisTimeSequence sequence, int afterStop, AtomicInteger generated,
			AtomicBoolean stopped) {
		LongStream.Builder before = LongStream.builder();
		while (!stopped.get()) {
			before.add(sequence.next());
			generated.incrementAndGet();
		}
		long[] after = new long[afterStop];
		for (int i = 0; i < afterStop; i++) {
			after[i] = sequence.next();
		}
		return new long[][] { before.build().toArray(), after };
	}

}
