package io.github.idgen.segment;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link StepPolicy}.
 */
class StepPolicyTest {

	private final StepPolicy policy = new StepPolicy(1000, 8000, Duration.ofMinutes(15));

	@Test
	void doublesWhenSegmentLastedLessThanSegmentDuration() {
		assertThat(this.policy.nextStep(1000, Duration.ofMinutes(14))).isEqualTo(2000);
		assertThat(this.policy.nextStep(4000, Duration.ZERO)).isEqualTo(8000);
	}

	@Test
	void doublingStopsAtMaxStep() {
		assertThat(this.policy.nextStep(8000, Duration.ofSeconds(1))).isEqualTo(8000);
		assertThat(this.policy.nextStep(6000, Duration.ofSeconds(1))).isEqualTo(8000);
		StepPolicy huge = new StepPolicy(1, Long.MAX_VALUE, Duration.ofMinutes(15));
		assertThat(huge.nextStep(Long.MAX_VALUE / 2 + 1, Duration.ZERO)).isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void keepsStepWithinOneToTwoSegmentDurations() {
		assertThat(this.policy.nextStep(2000, Duration.ofMinutes(15))).isEqualTo(2000);
		assertThat(this.policy.nextStep(2000, Duration.ofMinutes(30))).isEqualTo(2000);
	}

	@Test
	void halvesWhenSegmentLastedMoreThanTwiceSegmentDuration() {
		assertThat(this.policy.nextStep(4000, Duration.ofMinutes(31))).isEqualTo(2000);
	}

	@Test
	void halvingStopsAtMinStep() {
		assertThat(this.policy.nextStep(1000, Duration.ofHours(5))).isEqualTo(1000);
		assertThat(this.policy.nextStep(1500, Duration.ofHours(5))).isEqualTo(1000);
	}

	@Test
	void rejectsInvalidBounds() {
		assertThatIllegalArgumentException().isThrownBy(() -> new StepPolicy(0, 10, Duration.ofMinutes(1)))
			.withMessageContaining("minStep");
		assertThatIllegalArgumentException().isThrownBy(() -> new StepPolicy(10, 5, Duration.ofMinutes(1)))
			.withMessageContaining("maxStep (5) must not be less than minStep (10)");
		assertThatIllegalArgumentException().isThrownBy(() -> new StepPolicy(1, 5, Duration.ZERO))
			.withMessageContaining("segmentDuration");
	}

}
