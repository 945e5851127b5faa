package io.github.idgen;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import io.github.idgen.snowflake.BitLayout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link IdLimit}.
 */
class IdLimitTest {

	private final BitLayout layout = BitLayout.standard();

	private final int shift = this.layout.datacenterBits() + this.layout.workerBits() + this.layout.sequenceBits();

	private final IdLimit time = IdLimit.time(this.layout.lastTime(), this.layout.timestampBits(), this.shift,
			"layout");

	@Test
	void timeLimitIsTheLargestIdOfTheLayoutAndItsPositionTheFirstIdOfTheMillisecond() {
		assertThat(this.time.maxValue()).isEqualTo(Long.MAX_VALUE);
		Instant at = BitLayout.DEFAULT_EPOCH.plusMillis(123_456);
		assertThat(this.time.positionAt(at)).isEqualTo(this.layout.compose(123_456, 0, 0, 0));
		assertThat(this.time.positionAt(BitLayout.DEFAULT_EPOCH.minusSeconds(1))).isZero();
		assertThat(this.time.positionAt(this.layout.lastTime().plusMillis(1))).isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void javascriptLimitOfATimeLayoutEndsAtTheLastMillisecondWhoseIdsStayBelowTwoToTheFiftyThird() {
		IdLimit safe = this.time.forJavaScript();
		assertThat(safe.kind()).isEqualTo(IdLimit.Kind.TIME);
		assertThat(safe.maxValue()).isEqualTo(IdLimit.JAVASCRIPT_MAX);
		long lastSafeTimestamp = IdLimit.JAVASCRIPT_MAX >>> this.shift;
		assertThat(safe.end()).isEqualTo(BitLayout.DEFAULT_EPOCH.plusMillis(lastSafeTimestamp));
		assertThat(this.layout.compose(lastSafeTimestamp, 0, this.layout.maxWorkerId(), this.layout.maxSequence()))
			.isEqualTo(IdLimit.JAVASCRIPT_MAX);
		assertThat(safe.positionAt(safe.end())).isEqualTo(lastSafeTimestamp << this.shift);
		assertThat(safe.positionAt(safe.end().plusMillis(1))).isEqualTo(IdLimit.JAVASCRIPT_MAX);
	}

	@Test
	void javascriptLimitKeepsALimitThatIsTighterAndReplacesALooserOne() {
		assertThat(IdLimit.maxValue(1000).forJavaScript()).isEqualTo(IdLimit.maxValue(1000));
		assertThat(IdLimit.cycle(1000).forJavaScript()).isEqualTo(IdLimit.cycle(1000));
		assertThat(IdLimit.longRange().forJavaScript()).isEqualTo(IdLimit.javascript());
		assertThat(IdLimit.cycle(Long.MAX_VALUE - 1).forJavaScript()).isEqualTo(IdLimit.javascript());
		IdLimit jsLayout = IdLimit.time(BitLayout.javascriptSafe().lastTime(), 41, 12, "javascript-safe layout");
		assertThat(jsLayout.forJavaScript()).isSameAs(jsLayout);
	}

	@Test
	void layoutWhoseLowBitsAloneExceedTwoToTheFiftyThirdIsNeverSafe() {
		Instant lastTime = Instant.parse("2100-01-01T00:00:00Z");
		IdLimit wide = IdLimit.time(lastTime, 9, 54, "wide sequence bits");
		IdLimit safe = wide.forJavaScript();
		Instant epoch = lastTime.minusMillis(511);
		assertThat(safe.end()).isBefore(epoch);
		assertThat(safe.positionAt(epoch)).isEqualTo(IdLimit.JAVASCRIPT_MAX);
		assertThat(Duration.between(safe.end(), epoch)).isEqualTo(Duration.ofMillis(1));
	}

	@Test
	void limitIsChecked() {
		assertThatIllegalArgumentException().isThrownBy(() -> new IdLimit(IdLimit.Kind.VALUE, -1, null, 0, "x"));
		assertThatIllegalArgumentException().isThrownBy(() -> new IdLimit(IdLimit.Kind.PERIOD, 10, null, 0, "no end"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IdLimit(IdLimit.Kind.VALUE, 10, Instant.EPOCH, 0, "an end"));
		assertThatIllegalArgumentException().isThrownBy(() -> new IdLimit(IdLimit.Kind.VALUE, 10, null, 3, "a shift"));
	}

}
