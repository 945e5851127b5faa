package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.github.idgen.worker.WorkerId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link BitLayout}.
 */
class BitLayoutTest {

	private static final Instant EPOCH = BitLayout.DEFAULT_EPOCH;

	static Stream<BitLayout> presets() {
		return Stream.of(BitLayout.standard(), BitLayout.datacenterAndWorker(), BitLayout.javascriptSafe());
	}

	@Test
	void standardIsTimestampShiftedBy22WorkerBy12() {
		BitLayout layout = BitLayout.standard();
		assertThat(layout.epoch()).isEqualTo(Instant.parse("2025-01-01T00:00:00Z"));
		assertThat(layout.maxWorkerId()).isEqualTo(1023);
		assertThat(layout.maxDatacenterId()).isZero();
		assertThat(layout.maxSequence()).isEqualTo(4095);
		assertThat(layout.compose(5, 0, 3, 7)).isEqualTo(5L << 22 | 3L << 12 | 7);
		assertThat(layout.lastTime()).isEqualTo(Instant.parse("2094-09-07T15:47:35.551Z"));
	}

	@Test
	void datacenterAndWorkerHasFiveBitsEach() {
		BitLayout layout = BitLayout.datacenterAndWorker();
		assertThat(layout.maxDatacenterId()).isEqualTo(31);
		assertThat(layout.maxWorkerId()).isEqualTo(31);
		assertThat(layout.compose(5, 2, 3, 7)).isEqualTo(5L << 22 | 2L << 17 | 3L << 12 | 7);
	}

	@Test
	void javascriptSafeIdsStayBelow2To53() {
		BitLayout layout = BitLayout.javascriptSafe();
		assertThat(layout.reservedBits()).isEqualTo(10);
		assertThat(layout.maxWorkerId()).isEqualTo(31);
		assertThat(layout.maxSequence()).isEqualTo(127);
		long largest = layout.compose(layout.maxTimestamp(), 0, layout.maxWorkerId(), layout.maxSequence());
		assertThat(largest).isEqualTo(BitLayout.JAVASCRIPT_SAFE_LIMIT - 1).isEqualTo((1L << 53) - 1);
		assertThat(layout.lastTime()).isEqualTo(BitLayout.standard().lastTime());
	}

	@ParameterizedTest
	@MethodSource("presets")
	void decodeReversesComposeForSmallestAndLargestFields(BitLayout layout) {
		assertRoundTrip(layout, 0, 0, 0, 0);
		assertRoundTrip(layout, layout.maxTimestamp(), layout.maxDatacenterId(), layout.maxWorkerId(),
				layout.maxSequence());
		assertRoundTrip(layout, 123_456_789L, layout.maxDatacenterId() / 2, layout.maxWorkerId() / 3,
				layout.maxSequence() / 5);
	}

	private static void assertRoundTrip(BitLayout layout, long timestamp, int datacenter, int worker, long sequence) {
		long id = layout.compose(timestamp, datacenter, worker, sequence);
		assertThat(id).isNotNegative();
		assertThat(layout.decode(id))
			.isEqualTo(new SnowflakeId(layout.epoch().plusMillis(timestamp), datacenter, worker, sequence));
	}

	@Test
	void decodeRejectsNegativeIdAndReservedBits() {
		assertThatIllegalArgumentException().isThrownBy(() -> BitLayout.standard().decode(-1))
			.withMessage("id must lie within [0, 2^63) (its sign bit and 0 reserved bits are 0) but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> BitLayout.javascriptSafe().decode(1L << 53))
			.withMessage(
					"id must lie within [0, 2^53) (its sign bit and 10 reserved bits are 0) but was " + (1L << 53));
	}

	@Test
	void composeRejectsFieldOutOfRange() {
		BitLayout layout = BitLayout.standard();
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(-1, 0, 0, 0))
			.withMessage("timestamp must lie within [0, 2199023255551] but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(0, 1, 0, 0))
			.withMessage("datacenter must lie within [0, 0] but was 1");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(0, 0, 1024, 0))
			.withMessage("worker must lie within [0, 1023] but was 1024");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(0, 0, 0, 4096))
			.withMessage("sequence must lie within [0, 4095] but was 4096");
	}

	@Test
	void rejectsFieldWithTooFewBits() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, -1, 41, 0, 10, 13))
			.withMessage("reservedBits must be at least 0 but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 0, 0, 41, 22))
			.withMessage("timestampBits must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 41, -1, 10, 13))
			.withMessage("datacenterBits must be at least 0 but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 41, 0, 0, 22))
			.withMessage("workerBits must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 41, 0, 22, 0))
			.withMessage("sequenceBits must be at least 1 but was 0");
	}

	@Test
	void rejectsFieldsThatDoNotFill64Bits() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 41, 0, 10, 11))
			.withMessage("1 sign bit + reservedBits (0) + timestampBits (41) + datacenterBits (0) + workerBits (10) "
					+ "+ sequenceBits (11) must be 64 but is 63");
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 11, 41, 0, 5, 7))
			.withMessageEndingWith("must be 64 but is 65");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new BitLayout(EPOCH, Integer.MAX_VALUE, Integer.MAX_VALUE, 0, 10, 12))
			.withMessageEndingWith("but is " + (1L + 2L * Integer.MAX_VALUE + 22));
	}

	@Test
	void rejectsDatacenterOrWorkerThatDoesNotFitAnInt() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 20, 32, 1, 10))
			.withMessage("datacenterBits must be at most 31 so that the ID fits an int but was 32");
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(EPOCH, 20, 0, 32, 11))
			.withMessage("workerBits must be at most 31 so that the ID fits an int but was 32");
	}

	@Test
	void rejectsInvalidEpoch() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(null, 41, 0, 10, 12))
			.withMessage("epoch must not be null");
		Instant partial = EPOCH.plusNanos(1);
		assertThatIllegalArgumentException().isThrownBy(() -> new BitLayout(partial, 41, 0, 10, 12))
			.withMessage("epoch must be a whole millisecond but was " + partial);
		Instant future = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
		assertThatIllegalArgumentException().isThrownBy(() -> BitLayout.standard().withEpoch(future))
			.withMessage("epoch must not be in the future but was " + future);
	}

	@Test
	void withEpochKeepsBits() {
		Instant epoch = Instant.parse("2020-01-01T00:00:00Z");
		assertThat(BitLayout.javascriptSafe().withEpoch(epoch)).isEqualTo(new BitLayout(epoch, 10, 41, 0, 5, 7));
	}

	@Test
	void remainingLifetimeRunsToTheEndOfTheLastMillisecond() {
		BitLayout layout = BitLayout.standard();
		assertThat(layout.remainingLifetime(layout.lastTime())).isEqualTo(Duration.ofMillis(1));
		assertThat(layout.remainingLifetime(EPOCH)).isEqualTo(Duration.ofMillis(layout.maxTimestamp() + 1));
		assertThat(layout.remainingLifetime(layout.lastTime().plusSeconds(1))).isZero();
	}

	@Test
	void checkFitsRejectsWorkerIdOutOfRange() {
		BitLayout layout = BitLayout.datacenterAndWorker();
		layout.checkFits(new WorkerId(31, 31));
		assertThatIllegalArgumentException().isThrownBy(() -> layout.checkFits(new WorkerId(32, 0)))
			.withMessage("datacenter must lie within [0, 31] (5 datacenter bits) but was 32");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.checkFits(new WorkerId(0, 32)))
			.withMessage("worker must lie within [0, 31] (5 worker bits) but was 32");
		assertThatIllegalArgumentException().isThrownBy(() -> BitLayout.standard().checkFits(new WorkerId(1, 0)))
			.withMessage("datacenter must lie within [0, 0] (0 datacenter bits) but was 1");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.checkFits(null))
			.withMessage("workerId must not be null");
	}

	@Test
	void workerIdRejectsNegativeParts() {
		assertThatIllegalArgumentException().isThrownBy(() -> new WorkerId(-1, 0))
			.withMessage("datacenter must not be negative but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> WorkerId.of(-2))
			.withMessage("worker must not be negative but was -2");
	}

}
