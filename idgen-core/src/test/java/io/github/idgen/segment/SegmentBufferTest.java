package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdLimit;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.test.FetchThreads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SegmentBuffer}, through {@link SegmentIdGenerator}.
 */
class SegmentBufferTest {

	private final List<SegmentIdGenerator> generators = new ArrayList<>();

	@AfterEach
	void close() {
		this.generators.forEach(SegmentIdGenerator::close);
	}

	@Test
	void servesContiguousIdsFromStart() {
		SegmentIdGenerator generator = generator(new InMemorySegmentStore(), settings(1000, 10, 10, 0.5));
		long[] ids = LongStream.range(0, 35).map((i) -> generator.nextId("order")).toArray();
		assertThat(ids).containsExactly(LongStream.rangeClosed(1000, 1034).toArray());
	}

	@Test
	void noDuplicateAcrossThreadsAndInstancesSharingOneStore() throws Exception {
		InMemorySegmentStore store = new InMemorySegmentStore();
		SegmentSettings settings = new SegmentSettings(1, 100, new StepPolicy(100, 10_000, Duration.ofMinutes(15)), 0.1,
				Duration.ofSeconds(10));
		List<SegmentIdGenerator> instances = List.of(generator(store, settings), generator(store, settings));
		int threadsPerInstance = 8;
		int idsPerThread = 200_000;
		ExecutorService pool = Executors.newFixedThreadPool(threadsPerInstance * instances.size());
		CountDownLatch start = new CountDownLatch(1);
		List<Future<long[]>> results = new ArrayList<>();
		for (SegmentIdGenerator instance : instances) {
			for (int t = 0; t < threadsPerInstance; t++) {
				boolean batches = (t % 2 == 1);
				results.add(pool.submit(() -> {
					start.await();
					long[] ids = new long[idsPerThread];
					int filled = 0;
					while (filled < idsPerThread) {
						if (batches) {
							long[] batch = instance.nextIds("order", Math.min(37, idsPerThread - filled));
							System.arraycopy(batch, 0, ids, filled, batch.length);
							filled += batch.length;
						}
						else {
							ids[filled++] = instance.nextId("order");
						}
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
			for (int i = 1; i < ids.length; i++) {
				assertThat(ids[i]).as("IDs of one thread increase").isGreaterThan(ids[i - 1]);
			}
			System.arraycopy(ids, 0, all, offset, ids.length);
			offset += ids.length;
		}
		pool.shutdown();
		Arrays.sort(all);
		for (int i = 1; i < all.length; i++) {
			if (all[i] == all[i - 1]) {
				throw new AssertionError("Duplicate ID " + all[i]);
			}
		}
		assertThat(all[0]).isPositive();
		assertThat(store.allocations()).isGreaterThan(2);
	}

	@Test
	void oneInstanceServesEverySegmentItFetchedWithoutLosingAny() throws Exception {
		SegmentIdGenerator generator = generator(new InMemorySegmentStore(), settings(1, 2, 2, 0.5));
		int threads = 8;
		int idsPerThread = 15_000;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		List<Future<long[]>> results = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			results.add(pool
				.submit(() -> LongStream.range(0, idsPerThread).map((i) -> generator.nextId("order")).toArray()));
		}
		long[] all = new long[threads * idsPerThread];
		int offset = 0;
		for (Future<long[]> result : results) {
			long[] ids = result.get(2, TimeUnit.MINUTES);
			System.arraycopy(ids, 0, all, offset, ids.length);
			offset += ids.length;
		}
		pool.shutdown();
		Arrays.sort(all);
		assertThat(all[0]).isEqualTo(1);
		assertThat(all[all.length - 1]).as("no fetched segment was skipped").isEqualTo(all.length);
	}

	@Test
	void prefetchesNextSegmentBeforeCurrentIsUsedUp() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		SegmentIdGenerator generator = generator(store, settings(1, 100, 100, 0.5));
		for (int i = 0; i < 50; i++) {
			generator.nextId("order");
		}
		assertThat(store.allocations()).isEqualTo(1);
		generator.nextId("order");
		assertThat(store.awaitAllocations(2, Duration.ofSeconds(5))).isTrue();
		SegmentBuffer.State state = awaitPrefetched(generator);
		assertThat(state.remaining()).isEqualTo(49);
		assertThat(state.segmentEnd()).isEqualTo(101);
		store.block();
		long[] rest = generator.nextIds("order", 149);
		assertThat(rest[0]).isEqualTo(52);
		assertThat(rest[148]).isEqualTo(200);
		store.release();
	}

	@Test
	void failingStoreSurfacesBackendUnavailableWithinFetchTimeout() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setFailing(true);
		SegmentIdGenerator generator = generator(store, settings(1, 10, 10, 0.5, Duration.ofMillis(300)));
		long started = System.nanoTime();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("order"))
			.withMessageContaining("'order'")
			.withMessageContaining("300 ms")
			.havingCause()
			.withMessage("store is down");
		Duration waited = Duration.ofNanos(System.nanoTime() - started);
		assertThat(waited).isBetween(Duration.ofMillis(250), Duration.ofSeconds(3));
		assertThat(store.failedAttempts()).isGreaterThan(1);
		assertThat(generator.sequenceStates().get(0).lastFailure()).isEqualTo("store is down");
		store.setFailing(false);
		assertThat(generator.nextId("order")).isEqualTo(1);
		assertThat(generator.sequenceStates().get(0).lastFailure()).isNull();
	}

	@Test
	void blockedStoreSurfacesBackendUnavailableAndRecoversWhenReleased() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.block();
		SegmentIdGenerator generator = generator(store, settings(1, 10, 10, 0.5, Duration.ofMillis(200)));
		CompletableFuture<Long> caller = CompletableFuture.supplyAsync(() -> generator.nextId("order"));
		assertThatExceptionOfType(Exception.class).isThrownBy(() -> caller.get(3, TimeUnit.SECONDS))
			.withCauseInstanceOf(BackendUnavailableException.class);
		store.release();
		assertThat(generator.nextId("order")).isEqualTo(1);
	}

	@Test
	void prefetchFailureIsRetriedInBackgroundBeforeSegmentRunsOut() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		SegmentIdGenerator generator = generator(store, settings(1, 100, 100, 0.1));
		generator.nextId("order");
		store.setFailing(true);
		for (int i = 0; i < 10; i++) {
			generator.nextId("order");
		}
		while (store.failedAttempts() < 2) {
			Thread.sleep(1);
		}
		store.setFailing(false);
		awaitPrefetched(generator);
		assertThat(generator.sequenceStates().get(0).remaining()).isEqualTo(89);
	}

	@Test
	void exhaustedSequenceThrowsSequenceExhausted() {
		InMemorySegmentStore store = new InMemorySegmentStore();
		SegmentIdGenerator generator = generator(store, settings(Long.MAX_VALUE - 15, 10, 10, 0.5));
		long[] ids = generator.nextIds("order", 15);
		assertThat(ids[14]).isEqualTo(Long.MAX_VALUE - 1);
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> generator.nextId("order"))
			.withMessageContaining("'order'");
		int attempts = store.attempts();
		for (int i = 0; i < 100; i++) {
			assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> generator.nextId("order"));
		}
		assertThat(store.attempts()).as("store asked again within a second").isEqualTo(attempts);
	}

	@Test
	void batchIsContiguousWithinOneSegmentAndSpansSegmentsOtherwise() {
		SegmentIdGenerator generator = generator(new InMemorySegmentStore(), settings(1, 100, 100, 0.5));
		assertThat(generator.nextIds("order", 60)).containsExactly(LongStream.rangeClosed(1, 60).toArray());
		assertThat(generator.nextIds("order", 250)).containsExactly(LongStream.rangeClosed(61, 310).toArray());
		assertThatIllegalArgumentException().isThrownBy(() -> generator.nextIds("order", 0));
	}

	@Test
	void stepDoublesWhileSegmentsLastLessThanSegmentDuration() throws Exception {
		InMemorySegmentStore store = new InMemorySegmentStore();
		SegmentSettings settings = new SegmentSettings(1, 10, new StepPolicy(10, 80, Duration.ofHours(1)), 0.0,
				Duration.ofSeconds(5));
		SegmentIdGenerator generator = generator(store, settings);
		for (int i = 0; i < 400; i++) {
			generator.nextId("order");
		}
		assertThat(store.requestedSteps()).startsWith(10L, 20L, 40L, 80L, 80L);
	}

	@Test
	void stepHalvesWhenSegmentsLastMoreThanTwiceSegmentDuration() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		SegmentSettings settings = new SegmentSettings(1, 40, new StepPolicy(10, 80, Duration.ofMillis(5)), 0.5,
				Duration.ofSeconds(5));
		SegmentIdGenerator generator = generator(store, settings);
		generator.nextIds("order", 20);
		Thread.sleep(30);
		generator.nextId("order");
		assertThat(store.awaitAllocations(2, Duration.ofSeconds(5))).isTrue();
		generator.nextIds("order", 19 + 10);
		Thread.sleep(30);
		generator.nextId("order");
		assertThat(store.awaitAllocations(3, Duration.ofSeconds(5))).isTrue();
		assertThat(store.requestedSteps()).containsExactly(40L, 20L, 10L);
	}

	@Test
	void closedGeneratorServesReservedIdsThenFails() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		SegmentIdGenerator generator = generator(store, settings(1, 10, 10, 0.9));
		generator.nextId("order");
		generator.close();
		assertThat(generator.nextIds("order", 9)).containsExactly(2, 3, 4, 5, 6, 7, 8, 9, 10);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("order"))
			.withMessageContaining("shut down");
	}

	@Test
	void closeEndsFetchThreadsEvenWhileStoreIsDown() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setFailing(true);
		SegmentIdGenerator generator = generator(store, settings(1, 10, 10, 0.5, Duration.ofMillis(50)));
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextId("order"));
		assertThat(FetchThreads.alive()).isNotEmpty();
		generator.close();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
		while (!FetchThreads.alive().isEmpty() && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(FetchThreads.alive()).isEmpty();
	}

	private SegmentBuffer.State awaitPrefetched(SegmentIdGenerator generator) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (System.nanoTime() < deadline) {
			SegmentBuffer.State state = generator.sequenceStates().get(0);
			if (state.prefetched() > 0) {
				return state;
			}
			Thread.sleep(1);
		}
		throw new AssertionError("No segment was prefetched");
	}

	@Test
	void positionIsTheHighestIdHandedOutAndTheLimitItsMaxValue() {
		SegmentSettings settings = new SegmentSettings(new SequenceBounds(1, 1000, false), 100,
				new StepPolicy(100, 100, Duration.ofDays(1)), 0.0, Duration.ofSeconds(5));
		SegmentIdGenerator generator = generator(new InMemorySegmentStore(), settings);
		SegmentBuffer buffer = (SegmentBuffer) generator.sequence("order");
		assertThat(buffer.position()).isEmpty();
		assertThat(buffer.limit()).contains(IdLimit.maxValue(1000));
		generator.nextIds("order", 150);
		assertThat(buffer.position()).hasValue(150);
	}

	@Test
	void positionOfASegmentNoneOfWhichIsHandedOutIsJustBelowIt() {
		SegmentIdGenerator generator = generator(new InMemorySegmentStore(), settings(1, 10, 10, 0.0));
		SegmentBuffer buffer = (SegmentBuffer) generator.sequence("order");
		buffer.warmUp();
		assertThat(buffer.position()).hasValue(0);
		assertThat(buffer.limit()).isEmpty();
	}

	@Test
	void boundedSequenceThatAnotherInstanceUsedUpIsAtItsMaxValueOnceItsSegmentIsUsedUp() {
		SegmentSettings settings = new SegmentSettings(new SequenceBounds(1, 1000, false), 100,
				new StepPolicy(100, 100, Duration.ofDays(1)), 0.0, Duration.ofSeconds(5));
		InMemorySegmentStore store = new InMemorySegmentStore();
		SegmentIdGenerator first = generator(store, settings);
		SegmentIdGenerator second = generator(store, settings);
		first.nextIds("ticket", 50);
		while (true) {
			try {
				second.nextId("ticket");
			}
			catch (SequenceExhaustedException ex) {
				break;
			}
		}
		SegmentBuffer buffer = (SegmentBuffer) first.sequence("ticket");
		assertThat(buffer.position()).hasValue(50);
		long last = 0;
		while (true) {
			try {
				last = first.nextId("ticket");
			}
			catch (SequenceExhaustedException ex) {
				break;
			}
		}
		assertThat(last).as("the first instance's last segment").isLessThan(1000);
		assertThat(buffer.position()).hasValue(1000);
	}

	@Test
	void cyclicSequenceIsLimitedByACycle() {
		SegmentSettings settings = new SegmentSettings(new SequenceBounds(1, 50, true), 10,
				new StepPolicy(10, 10, Duration.ofDays(1)), 0.0, Duration.ofSeconds(5));
		SegmentBuffer buffer = (SegmentBuffer) generator(new InMemorySegmentStore(), settings).sequence("ticket");
		assertThat(buffer.limit()).contains(IdLimit.cycle(50));
	}

	@Test
	void aFetchTimeoutTooLongToBeTimedIsRefusedAndTheLongestServes() {
		assertThatIllegalArgumentException().isThrownBy(() -> settings(1, 10, 10, 0.5, Duration.ofDays(106_752)));
		SegmentIdGenerator generator = generator(new InMemorySegmentStore(),
				settings(1, 10, 10, 0.5, SegmentSettings.MAX_FETCH_TIMEOUT));
		assertThat(generator.nextIds("order", 25)).containsExactly(LongStream.rangeClosed(1, 25).toArray());
	}

	private SegmentIdGenerator generator(SegmentStore store, SegmentSettings settings) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store, settings, Map.of(), "default",
				UnknownSequencePolicy.CREATE);
		this.generators.add(generator);
		return generator;
	}

	private static SegmentSettings settings(long start, long step, long maxStep, double prefetchAt) {
		return settings(start, step, maxStep, prefetchAt, Duration.ofSeconds(5));
	}

	private static SegmentSettings settings(long start, long step, long maxStep, double prefetchAt,
			Duration fetchTimeout) {
		return new SegmentSettings(start, step, new StepPolicy(step, maxStep, Duration.ofDays(1)), prefetchAt,
				fetchTimeout);
	}

}
