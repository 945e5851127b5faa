package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.RecordingObserver;
import io.github.idgen.SequenceObserver;
import io.github.idgen.test.MixedDraws;
import io.github.idgen.test.TestClock;
import io.github.idgen.worker.WorkerId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for what a {@link SnowflakeGenerator} tells its {@link SequenceObserver} and for
 * the count of IDs a {@link SnowflakeSequence} issued.
 */
class SnowflakeObservationTest {

	private static final Instant START = BitLayout.DEFAULT_EPOCH.plusSeconds(1_000);

	private final TestClock clock = new TestClock(START);

	@Test
	void clockMovingBackwardBeyondTheWaitIsReportedWithItsAmount() {
		RecordingObserver observer = new RecordingObserver();
		SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1), this.clock,
				Duration.ofMillis(5), observer);
		generator.nextId();
		this.clock.advance(-50);
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId);
		assertThat(observer.clockBackward).containsExactly(Duration.ofMillis(50));
	}

	@Test
	void clockMovingBackwardWithinTheWaitIsReportedOnceAndWaitedOut() {
		RecordingObserver observer = new RecordingObserver();
		SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1), this.clock,
				Duration.ofMillis(5), observer);
		long first = generator.nextId();
		this.clock.advance(-3);
		this.clock.stepPerRead(1);
		assertThat(generator.nextId()).isGreaterThan(first);
		assertThat(observer.clockBackward).containsExactly(Duration.ofMillis(3));
	}

	@Test
	void clockThatDoesNotMoveBackIsNotReported() {
		RecordingObserver observer = new RecordingObserver();
		SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1), this.clock,
				Duration.ofMillis(5), observer);
		this.clock.stepPerRead(1);
		for (int i = 0; i < 100; i++) {
			generator.nextId();
		}
		assertThat(observer.clockBackward).isEmpty();
	}

	@Test
	void throwingObserverDoesNotBreakGeneration() {
		SequenceObserver throwing = new SequenceObserver() {

			@Override
			public void clockMovedBackward(Duration amount) {
				throw new IllegalStateException("observer broke");
			}

		};
		SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1), this.clock,
				Duration.ofMillis(5), throwing);
		long first = generator.nextId();
		this.clock.advance(-2);
		this.clock.stepPerRead(1);
		assertThat(generator.nextId()).isGreaterThan(first);
	}

	@Test
	void sequenceCountsEveryIdOfManyThreadsAndBatchesExactly() throws Exception {
		SnowflakeSequence sequence = new SnowflakeSequence("order",
				new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1)));
		int idsPerThread = 20_000;
		long total = MixedDraws.draw(sequence, 4, idsPerThread, 50);
		assertThat(sequence.issued()).isEqualTo(total).isEqualTo(4L * idsPerThread);
		assertThat(sequence.info()).containsEntry("issued", total).containsEntry("workerId", 1);
	}

}
