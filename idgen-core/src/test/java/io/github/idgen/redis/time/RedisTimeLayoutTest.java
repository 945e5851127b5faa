package io.github.idgen.redis.time;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RedisTimeLayout}.
 */
class RedisTimeLayoutTest {

	private static final Instant EPOCH = RedisTimeLayout.DEFAULT_EPOCH;

	@Test
	void defaultLayoutIsTimestampShiftedBy22ShardBy10() {
		RedisTimeLayout layout = RedisTimeLayout.DEFAULT;
		assertThat(layout.timestampBits()).isEqualTo(41);
		assertThat(layout.shardBits()).isEqualTo(12);
		assertThat(layout.sequenceBits()).isEqualTo(10);
		assertThat(layout.epoch()).isEqualTo(Instant.parse("2025-01-01T00:00:00Z"));
		assertThat(layout.compose(5, 3, 7)).isEqualTo(5L << 22 | 3L << 10 | 7);
		assertThat(layout.lastTime()).isEqualTo(Instant.parse("2094-09-07T15:47:35.551Z"));
	}

	@Test
	void rejectsFieldWithoutBits() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(0, 12, 51, EPOCH))
			.withMessage("timestampBits must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(52, -1, 12, EPOCH))
			.withMessage("shardBits must be at least 1 but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(41, 22, 0, EPOCH))
			.withMessage("sequenceBits must be at least 1 but was 0");
	}

	@Test
	void rejectsFieldsThatDoNotFill63Bits() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(41, 12, 9, EPOCH))
			.withMessage("timestampBits (41) + shardBits (12) + sequenceBits (9) must be 63 "
					+ "(64 bits minus the sign bit) but is 62");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(42, 12, 10, EPOCH))
			.withMessageEndingWith("but is 64");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeLayout(Integer.MAX_VALUE, Integer.MAX_VALUE, 10, EPOCH))
			.withMessageEndingWith("but is " + (2L * Integer.MAX_VALUE + 10));
	}

	@Test
	void rejectsShardThatDoesNotFitAnInt() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(22, 32, 9, EPOCH))
			.withMessage("shardBits must be at most 31 so that a shard fits an int but was 32");
	}

	@Test
	void rejectsSequenceThatLuaCannotCountExactly() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(8, 1, 54, EPOCH))
			.withMessage("sequenceBits must be at most 53 so that the Redis script counts sequence values exactly "
					+ "(Lua numbers are doubles) but was 54");
	}

	@Test
	void rejectsMissingEpoch() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(41, 12, 10, null))
			.withMessage("epoch must not be null");
	}

	@Test
	void rejectsEpochInTheFuture() {
		Instant future = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(41, 12, 10, future))
			.withMessage("epoch must not be in the future but was " + future);
	}

	@Test
	void rejectsEpochBetweenMilliseconds() {
		Instant epoch = EPOCH.plusNanos(500);
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisTimeLayout(41, 12, 10, epoch))
			.withMessage("epoch must be a whole millisecond but was 2025-01-01T00:00:00.000000500Z");
	}

	@Test
	void acceptsSmallestAndLargestFields() {
		assertThat(new RedisTimeLayout(61, 1, 1, EPOCH).maxTimestamp()).isEqualTo((1L << 61) - 1);
		assertThat(new RedisTimeLayout(1, 31, 31, EPOCH).maxShard()).isEqualTo(Integer.MAX_VALUE);
		assertThat(new RedisTimeLayout(9, 1, 53, EPOCH).maxSequence()).isEqualTo((1L << 53) - 1);
	}

	@Test
	void decodeReturnsComposedFields() {
		RedisTimeLayout layout = RedisTimeLayout.DEFAULT;
		long id = layout.compose(123_456_789L, 42, 1000);
		assertThat(layout.decode(id)).isEqualTo(new RedisTimeId(EPOCH.plusMillis(123_456_789L), 42, 1000));
	}

	@Test
	void decodeReturnsLargestAndSmallestFields() {
		RedisTimeLayout layout = RedisTimeLayout.DEFAULT;
		long max = layout.compose(layout.maxTimestamp(), layout.maxShard(), layout.maxSequence());
		assertThat(max).isEqualTo(Long.MAX_VALUE);
		assertThat(layout.decode(max)).isEqualTo(new RedisTimeId(layout.lastTime(), 4095, 1023));
		assertThat(layout.decode(layout.compose(layout.maxTimestamp(), 0, 0)))
			.isEqualTo(new RedisTimeId(layout.lastTime(), 0, 0));
		assertThat(layout.decode(layout.compose(0, layout.maxShard(), 0))).isEqualTo(new RedisTimeId(EPOCH, 4095, 0));
		assertThat(layout.decode(layout.compose(0, 0, layout.maxSequence())))
			.isEqualTo(new RedisTimeId(EPOCH, 0, 1023));
		assertThat(layout.decode(0)).isEqualTo(new RedisTimeId(EPOCH, 0, 0));
	}

	@Test
	void decodeRoundTripsOtherLayouts() {
		RedisTimeLayout wideShard = new RedisTimeLayout(1, 31, 31, EPOCH);
		long id = wideShard.compose(1, Integer.MAX_VALUE, (1L << 31) - 1);
		assertThat(id).isEqualTo(Long.MAX_VALUE);
		assertThat(wideShard.decode(id))
			.isEqualTo(new RedisTimeId(EPOCH.plusMillis(1), Integer.MAX_VALUE, (1L << 31) - 1));
		RedisTimeLayout fewSequenceBits = new RedisTimeLayout(41, 20, 2, EPOCH);
		assertThat(fewSequenceBits.decode(fewSequenceBits.compose(99, 1 << 19, 3)))
			.isEqualTo(new RedisTimeId(EPOCH.plusMillis(99), 1 << 19, 3));
	}

	@Test
	void composeRejectsFieldsOutOfRange() {
		RedisTimeLayout layout = RedisTimeLayout.DEFAULT;
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(-1, 0, 0))
			.withMessage("timestamp must lie within [0, 2199023255551] but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(1L << 41, 0, 0))
			.withMessage("timestamp must lie within [0, 2199023255551] but was 2199023255552");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(0, 4096, 0))
			.withMessage("shard must lie within [0, 4095] but was 4096");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(0, -1, 0))
			.withMessage("shard must lie within [0, 4095] but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.compose(0, 0, 1024))
			.withMessage("sequence must lie within [0, 1023] but was 1024");
	}

	@Test
	void decodeRejectsNegativeId() {
		assertThatIllegalArgumentException().isThrownBy(() -> RedisTimeLayout.DEFAULT.decode(-1))
			.withMessage("id must not be negative (its sign bit is always 0) but was -1");
	}

}
