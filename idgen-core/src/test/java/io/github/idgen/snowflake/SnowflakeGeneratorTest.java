package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.SequenceObserver;
import io.github.idgen.test.TestClock;
import io.github.idgen.worker.WorkerId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SnowflakeGenerator}.
 */
class SnowflakeGeneratorTest {

	private static final BitLayout LAYOUT = BitLayout.standard();

	private static final Instant START = BitLayout.DEFAULT_EPOCH.plusSeconds(1_000);

	private final TestClock clock = new TestClock(START);

	private SnowflakeGenerator generator(Duration maxBackwardWait) {
		return new SnowflakeGenerator(LAYOUT, WorkerId.of(7), this.clock, maxBackwardWait, SequenceObserver.NONE);
	}

	@Test
	void idHoldsTimestampWorkerAndSequence() {
		SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.datacenterAndWorker(), new WorkerId(3, 9),
				this.clock, SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT, SequenceObserver.NONE);
		SnowflakeId first = generator.decode(generator.nextId());
		SnowflakeId second = generator.decode(generator.nextId());
		assertThat(first.timestamp()).isEqualTo(START);
		assertThat(first.datacenter()).isEqualTo(3);
		assertThat(first.worker()).isEqualTo(9);
		assertThat(first.sequence()).isLessThan(SnowflakeGenerator.offsetBound(12));
		assertThat(second).isEqualTo(new SnowflakeId(START, 3, 9, first.sequence() + 1));
	}

	@Test
	void idsOfOneGeneratorStrictlyIncreaseAndAreUniqueAcrossFourThreads() throws Exception {
		SnowflakeGenerator generator = new SnowflakeGenerator(LAYOUT, WorkerId.of(1));
		int threads = 4;
		int perThread = 250_000;
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Future<long[]>> futures = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				futures.add(executor.submit(() -> {
					long[] ids = new long[perThread];
					for (int i = 0; i < perThread; i++) {
						ids[i] = generator.nextId();
					}
					return ids;
				}));
			}
			long[] all = new long[threads * perThread];
			for (int t = 0; t < threads; t++) {
				long[] ids = futures.get(t).get(60, TimeUnit.SECONDS);
				assertStrictlyIncreasing(ids);
				System.arraycopy(ids, 0, all, t * perThread, perThread);
			}
			assertUnique(all);
		}
		finally {
			executor.shutdownNow();
		}
	}

	@Test
	void generatorsWithDifferentWorkersNeverShareAnId() throws Exception {
		int generators = 4;
		int perGenerator = 200_000;
		ExecutorService executor = Executors.newFixedThreadPool(generators);
		try {
			List<Future<long[]>> futures = new ArrayList<>();
			for (int g = 0; g < generators; g++) {
				SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.datacenterAndWorker(),
						new WorkerId(g % 2, g));
				futures.add(executor.submit(() -> generator.nextIds(perGenerator)));
			}
			long[] all = new long[generators * perGenerator];
			for (int g = 0; g < generators; g++) {
				long[] ids = futures.get(g).get(60, TimeUnit.SECONDS);
				assertStrictlyIncreasing(ids);
				assertThat(BitLayout.datacenterAndWorker().decode(ids[ids.length - 1]).worker()).isEqualTo(g);
				System.arraycopy(ids, 0, all, g * perGenerator, perGenerator);
			}
			assertUnique(all);
		}
		finally {
			executor.shutdownNow();
		}
	}

	@Test
	void javascriptSafeIdsStayBelow2To53() {
		SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.javascriptSafe(), WorkerId.of(31));
		long[] ids = generator.nextIds(10_000);
		assertStrictlyIncreasing(ids);
		assertThat(ids[0]).isNotNegative();
		assertThat(ids[ids.length - 1]).isLessThan(BitLayout.JAVASCRIPT_SAFE_LIMIT);
	}

	@Test
	void sequenceOverflowWaitsForTheNextMillisecondAndStartsItAtZero() throws Exception {
		SnowflakeGenerator generator = generator(SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT);
		long first = generator.nextId();
		long remaining = LAYOUT.maxSequence() - LAYOUT.decode(first).sequence();
		long[] rest = generator.nextIds((int) remaining);
		assertThat(LAYOUT.decode(rest[rest.length - 1])).isEqualTo(new SnowflakeId(START, 0, 7, 4095));
		ExecutorService executor = Executors.newSingleThreadExecutor();
		try {
			Future<Long> next = executor.submit(generator::nextId);
			Thread.sleep(100);
			assertThat(next).isNotDone();
			this.clock.advance(1);
			assertThat(LAYOUT.decode(next.get(10, TimeUnit.SECONDS)))
				.isEqualTo(new SnowflakeId(START.plusMillis(1), 0, 7, 0));
		}
		finally {
			executor.shutdownNow();
		}
	}

	@Test
	void batchSpanningMillisecondsIsAscendingAndNeverAheadOfTheClock() {
		this.clock.stepPerRead(1);
		SnowflakeGenerator generator = generator(SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT);
		long[] ids = generator.nextIds(20_000);
		assertStrictlyIncreasing(ids);
		Instant last = LAYOUT.decode(ids[ids.length - 1]).timestamp();
		assertThat(last).isBefore(Instant.ofEpochMilli(this.clock.millis()));
		assertThatIllegalArgumentException().isThrownBy(() -> generator.nextIds(0))
			.withMessage("count must be at least 1 but was 0");
	}

	@Test
	void newMillisecondStartsAtRandomOffsetWithinOneSixteenthOfTheSequence() {
		this.clock.stepPerRead(1);
		SnowflakeGenerator generator = generator(SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT);
		long[] sequences = LongStream.range(0, 20_000)
			.map((i) -> LAYOUT.decode(generator.nextId()).sequence())
			.toArray();
		assertThat(Arrays.stream(sequences).min().getAsLong()).isZero();
		assertThat(Arrays.stream(sequences).max().getAsLong()).isEqualTo(255);
		long odd = Arrays.stream(sequences).filter((sequence) -> sequence % 2 == 1).count();
		assertThat(odd).isBetween(9_000L, 11_000L);
		assertThat(Arrays.stream(sequences).distinct().count()).isEqualTo(256);
	}

	@Test
	void offsetBoundLeavesMostOfTheSequenceUsable() {
		assertThat(SnowflakeGenerator.offsetBound(1)).isEqualTo(1);
		assertThat(SnowflakeGenerator.offsetBound(2)).isEqualTo(2);
		assertThat(SnowflakeGenerator.offsetBound(4)).isEqualTo(2);
		assertThat(SnowflakeGenerator.offsetBound(5)).isEqualTo(2);
		assertThat(SnowflakeGenerator.offsetBound(7)).isEqualTo(8);
		assertThat(SnowflakeGenerator.offsetBound(12)).isEqualTo(256);
		assertThat(SnowflakeGenerator.offsetBound(22)).isEqualTo(1 << 18);
	}

	@Test
	void clockMovedBackWithinMaxBackwardWaitIsWaitedOut() {
		SnowflakeGenerator generator = generator(SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT);
		long before = generator.nextId();
		this.clock.advance(-3);
		this.clock.stepPerRead(1);
		long readsBefore = this.clock.reads();
		long after = generator.nextId();
		assertThat(this.clock.reads() - readsBefore).isGreaterThanOrEqualTo(4);
		assertThat(after).isGreaterThan(before);
		assertThat(LAYOUT.decode(after).timestamp()).isEqualTo(START);
	}

	@Test
	void clockMovedBackExactlyMaxBackwardWaitIsWaitedOut() {
		SnowflakeGenerator generator = generator(Duration.ofMillis(5));
		long before = generator.nextId();
		this.clock.advance(-5);
		this.clock.stepPerRead(1);
		assertThat(generator.nextId()).isGreaterThan(before);
	}

	@Test
	void clockMovedBackBeyondMaxBackwardWaitThrowsWithTheJump() {
		SnowflakeGenerator generator = generator(SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT);
		long before = generator.nextId();
		this.clock.advance(-6);
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
			.satisfies((ex) -> assertThat(ex.getJump()).isEqualTo(Duration.ofMillis(6)))
			.withMessage("The clock moved backwards by 6 ms, more than max-backward-wait (5 ms); worker "
					+ "WorkerId[datacenter=0, worker=7] issues no ID until the clock is back at the millisecond of "
					+ "its last ID");
		this.clock.advance(6);
		assertThat(generator.nextId()).isGreaterThan(before);
	}

	@Test
	void zeroMaxBackwardWaitRejectsAnyBackwardJump() {
		SnowflakeGenerator generator = generator(Duration.ZERO);
		generator.nextId();
		this.clock.advance(-1);
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
			.satisfies((ex) -> assertThat(ex.getJump()).isEqualTo(Duration.ofMillis(1)));
	}

	@Test
	void timestampBeyondLifetimeThrowsInsteadOfWrapping() {
		BitLayout shortLived = new BitLayout(BitLayout.DEFAULT_EPOCH, 22, 20, 0, 20, 1);
		this.clock.set(shortLived.lastTime().toEpochMilli());
		SnowflakeGenerator generator = new SnowflakeGenerator(shortLived, WorkerId.of(0), this.clock,
				SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT, SequenceObserver.NONE);
		long[] last = generator.nextIds(2);
		assertThat(shortLived.decode(last[1])).isEqualTo(new SnowflakeId(shortLived.lastTime(), 0, 0, 1));
		this.clock.advance(1);
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(generator::nextId)
			.withMessage(
					"The timestamp bits of the Snowflake layout 22+20/0/20/1 since 2025-01-01T00:00:00Z ran out at "
							+ "2025-01-01T00:17:28.575Z and the clock reads 2025-01-01T00:17:28.576Z: no more IDs can be "
							+ "generated; use a layout with a later epoch or more timestamp bits");
		assertThat(generator.remainingLifetime()).isZero();
	}

	@Test
	void clockBeforeEpochThrows() {
		this.clock.set(BitLayout.DEFAULT_EPOCH.toEpochMilli() - 1);
		SnowflakeGenerator generator = generator(SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT);
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(generator::nextId)
			.withMessage("The clock reads 2024-12-31T23:59:59.999Z, before the epoch of the Snowflake layout "
					+ "41/0/10/12 since 2025-01-01T00:00:00Z");
	}

	@Test
	void rejectsInvalidArguments() {
		assertThatIllegalArgumentException().isThrownBy(() -> new SnowflakeGenerator(null, WorkerId.of(0)))
			.withMessage("layout must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> new SnowflakeGenerator(LAYOUT, WorkerId.of(1024)))
			.withMessage("worker must lie within [0, 1023] (10 worker bits) but was 1024");
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> new SnowflakeGenerator(LAYOUT, WorkerId.of(0), null, Duration.ZERO, SequenceObserver.NONE))
			.withMessage("clock must not be null");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SnowflakeGenerator(LAYOUT, WorkerId.of(0), this.clock, Duration.ofMillis(-1),
					SequenceObserver.NONE))
			.withMessage("maxBackwardWait must not be null or negative but was PT-0.001S");
	}

	private static void assertStrictlyIncreasing(long[] ids) {
		int i = 1;
		while (i < ids.length && ids[i] > ids[i - 1]) {
			i++;
		}
		assertThat(i).as("index of the first ID not greater than the one before").isEqualTo(ids.length);
	}

	private static void assertUnique(long[] ids) {
		long[] sorted = ids.clone();
		Arrays.sort(sorted);
		assertStrictlyIncreasing(sorted);
	}

}
