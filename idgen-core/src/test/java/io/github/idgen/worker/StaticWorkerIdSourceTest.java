package io.github.idgen.worker;

import org.junit.jupiter.api.Test;

import io.github.idgen.snowflake.BitLayout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link StaticWorkerIdSource}.
 */
class StaticWorkerIdSourceTest {

	@Test
	void returnsTheConfiguredWorkerId() {
		WorkerId workerId = new WorkerId(31, 0);
		assertThat(new StaticWorkerIdSource(BitLayout.datacenterAndWorker(), workerId).workerId()).isEqualTo(workerId);
	}

	@Test
	void rejectsWorkerIdBeyondTheLayout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new StaticWorkerIdSource(BitLayout.javascriptSafe(), WorkerId.of(32)))
			.withMessage("worker must lie within [0, 31] (5 worker bits) but was 32");
		assertThatIllegalArgumentException().isThrownBy(() -> new StaticWorkerIdSource(null, WorkerId.of(0)))
			.withMessage("layout must not be null");
	}

}
