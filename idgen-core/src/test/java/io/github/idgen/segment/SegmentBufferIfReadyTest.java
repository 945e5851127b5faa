package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.Sequence;
import io.github.idgen.UnknownSequencePolicy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link SegmentBuffer#nextIfReady()}: an ID from memory, never a wait.
 */
class SegmentBufferIfReadyTest {

	private final List<SegmentIdGenerator> generators = new ArrayList<>();

	@AfterEach
	void close() {
		this.generators.forEach(SegmentIdGenerator::close);
	}

	@Test
	void takesNoIdAndWaitsForNoFetchWhenTheBufferIsEmpty() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.block();
		try {
			Sequence order = generator(store, settings(1, 10)).sequence("order");
			long started = System.nanoTime();
			assertThat(order.nextIfReady()).isEmpty();
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
			assertThat(store.allocations()).isZero();
		}
		finally {
			store.release();
		}
	}

	@Test
	void servesTheIdsAfterThoseNextTookWithoutAGap() {
		Sequence order = generator(new InMemorySegmentStore(), settings(1, 100)).sequence("order");
		assertThat(order.next()).isEqualTo(1);
		long[] ready = LongStream.range(0, 50).map((i) -> order.nextIfReady().orElseThrow()).toArray();
		assertThat(ready).containsExactly(LongStream.rangeClosed(2, 51).toArray());
		assertThat(order.next()).isEqualTo(52);
	}

	@Test
	void switchesToThePrefetchedSegmentOnceTheCurrentOneIsUsedUp() throws InterruptedException {
		ControllableSegmentStore store = new ControllableSegmentStore();
		Sequence order = generator(store, settings(1, 10)).sequence("order");
		for (int i = 0; i < 10; i++) {
			order.next();
		}
		assertThat(store.awaitAllocations(2, Duration.ofSeconds(5))).isTrue();
		OptionalLong ready = order.nextIfReady();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (ready.isEmpty() && System.nanoTime() < deadline) {
			ready = order.nextIfReady();
		}
		assertThat(ready).hasValue(11);
	}

	@Test
	void returnsEmptyAtOnceWhenTheNextSegmentIsStillBeingFetched() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		Sequence order = generator(store, settings(1, 10)).sequence("order");
		order.next();
		store.block();
		try {
			for (int i = 0; i < 9; i++) {
				assertThat(order.nextIfReady()).isPresent();
			}
			long started = System.nanoTime();
			assertThat(order.nextIfReady()).isEmpty();
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
		}
		finally {
			store.release();
		}
		assertThat(order.next()).isEqualTo(11);
	}

	@Test
	void noDuplicateWhenThreadsMixReadyAndWaitingCallsOnInstancesSharingOneStore() throws Exception {
		InMemorySegmentStore store = new InMemorySegmentStore();
		List<Sequence> instances = List.of(generator(store, settings(1, 50)).sequence("order"),
				generator(store, settings(1, 50)).sequence("order"));
		int threadsPerInstance = 4;
		int idsPerThread = 20_000;
		ExecutorService pool = Executors.newFixedThreadPool(threadsPerInstance * instances.size());
		CountDownLatch start = new CountDownLatch(1);
		List<Future<long[]>> results = new ArrayList<>();
		for (Sequence instance : instances) {
			for (int t = 0; t < threadsPerInstance; t++) {
				results.add(pool.submit(() -> {
					start.await();
					long[] ids = new long[idsPerThread];
					for (int i = 0; i < idsPerThread; i++) {
						OptionalLong ready = instance.nextIfReady();
						ids[i] = ready.isPresent() ? ready.getAsLong() : instance.next();
					}
					return ids;
				}));
			}
		}
		start.countDown();
		long[] all = new long[threadsPerInstance * instances.size() * idsPerThread];
		int offset = 0;
		for (Future<long[]> result : results) {
			long[] ids = result.get(2, TimeUnit.MINUTES);
			System.arraycopy(ids, 0, all, offset, ids.length);
			offset += ids.length;
		}
		pool.shutdown();
		assertThat(Arrays.stream(all).distinct().count()).isEqualTo(all.length);
		assertThat(Arrays.stream(all).min().orElseThrow()).isPositive();
	}

	private SegmentIdGenerator generator(SegmentStore store, SegmentSettings settings) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store, settings, Map.of(), "default",
				UnknownSequencePolicy.CREATE);
		this.generators.add(generator);
		return generator;
	}

	private static SegmentSettings settings(long start, long step) {
		return new SegmentSettings(start, step, new StepPolicy(step, step, Duration.ofDays(1)), 0.5,
				Duration.ofSeconds(5));
	}

}
