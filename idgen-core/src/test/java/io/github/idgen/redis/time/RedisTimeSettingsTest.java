package io.github.idgen.redis.time;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RedisTimeSettings}.
 */
class RedisTimeSettingsTest {

	private static final RedisTimeLayout LAYOUT = RedisTimeLayout.DEFAULT;

	private static final Duration FIVE_MILLIS = Duration.ofMillis(5);

	@Test
	void defaults() {
		RedisTimeSettings settings = RedisTimeSettings.defaults();
		assertThat(settings.layout()).isEqualTo(RedisTimeLayout.DEFAULT);
		assertThat(settings.shard()).isZero();
		assertThat(settings.keyPrefix()).isEqualTo("idgen:");
		assertThat(settings.maxAhead()).isEqualTo(Duration.ofMillis(5));
		assertThat(settings.maxWait()).isEqualTo(Duration.ofMillis(5));
	}

	@Test
	void rejectsMissingLayout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(null, 0, "idgen:", FIVE_MILLIS, FIVE_MILLIS))
			.withMessage("layout must not be null");
	}

	@Test
	void rejectsShardOutsideLayout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 4096, "idgen:", FIVE_MILLIS, FIVE_MILLIS))
			.withMessage("shard must lie within [0, 4095] (12 shard bits) but was 4096");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, -1, "idgen:", FIVE_MILLIS, FIVE_MILLIS))
			.withMessage("shard must lie within [0, 4095] (12 shard bits) but was -1");
		assertThat(new RedisTimeSettings(LAYOUT, 4095, "idgen:", FIVE_MILLIS, FIVE_MILLIS).shard()).isEqualTo(4095);
	}

	@Test
	void rejectsKeyPrefixWithBraces() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, "app{1}:", FIVE_MILLIS, FIVE_MILLIS))
			.withMessage("keyPrefix must not contain '{' or '}', which would change the hash tag of the keys, "
					+ "but was 'app{1}:'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, null, FIVE_MILLIS, FIVE_MILLIS))
			.withMessage("keyPrefix must not be null");
		assertThat(new RedisTimeSettings(LAYOUT, 0, "", FIVE_MILLIS, FIVE_MILLIS).keyPrefix()).isEmpty();
	}

	@Test
	void rejectsMaxAheadThatIsNegativeTooLongOrNotWholeMilliseconds() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, "idgen:", Duration.ofMillis(-1), FIVE_MILLIS))
			.withMessage("maxAhead must lie within [PT0S, PT1H] but was PT-0.001S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, "idgen:", Duration.ofDays(1), FIVE_MILLIS))
			.withMessage("maxAhead must lie within [PT0S, PT1H] but was PT24H");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, "idgen:", FIVE_MILLIS.plusNanos(1), FIVE_MILLIS))
			.withMessage("maxAhead must be whole milliseconds but was PT0.005000001S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, "idgen:", null, FIVE_MILLIS))
			.withMessage("maxAhead must lie within [PT0S, PT1H] but was null");
	}

	@Test
	void rejectsMaxWaitThatIsNegativeOrTooLong() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, "idgen:", FIVE_MILLIS, Duration.ofNanos(-1)))
			.withMessage("maxWait must lie within [PT0S, PT1H] but was PT-0.000000001S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RedisTimeSettings(LAYOUT, 0, "idgen:", FIVE_MILLIS, Duration.ofHours(2)))
			.withMessage("maxWait must lie within [PT0S, PT1H] but was PT2H");
		assertThat(new RedisTimeSettings(LAYOUT, 0, "idgen:", Duration.ZERO, Duration.ZERO).maxWait()).isZero();
	}

}
