package io.github.idgen.snowflake;

import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.github.idgen.SequenceObserver;
import io.github.idgen.test.TestClock;
import io.github.idgen.worker.WorkerId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SnowflakeSequence}.
 */
class SnowflakeSequenceTest {

	private static final Instant START = BitLayout.DEFAULT_EPOCH.plusSeconds(1_000);

	private final TestClock clock = new TestClock(START);

	private final SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.datacenterAndWorker(),
			new WorkerId(2, 5), this.clock, SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT, SequenceObserver.NONE);

	@Test
	void sequencesOfOneGeneratorShareItsIdSpace() {
		SnowflakeSequence orders = new SnowflakeSequence("orders", this.generator);
		SnowflakeSequence invoices = new SnowflakeSequence("invoices", this.generator);
		long order = orders.next();
		long invoice = invoices.next();
		long[] moreOrders = orders.next(3);
		assertThat(orders.name()).isEqualTo("orders");
		assertThat(invoice).isEqualTo(order + 1);
		assertThat(moreOrders).containsExactly(invoice + 1, invoice + 2, invoice + 3);
		assertThat(this.generator.decode(invoice).worker()).isEqualTo(5);
	}

	@Test
	void infoNamesWorkerLayoutAndRemainingLifetime() {
		SnowflakeSequence sequence = new SnowflakeSequence("orders", this.generator);
		assertThat(sequence.info()).containsExactly(Map.entry("mode", "snowflake"), Map.entry("datacenter", 2),
				Map.entry("worker", 5), Map.entry("workerId", 5),
				Map.entry("layout", "41/5/5/12 since 2025-01-01T00:00:00Z"),
				Map.entry("remainingLifetime", BitLayout.datacenterAndWorker().remainingLifetime(START).toString()),
				Map.entry("issued", 0L));
	}

	@Test
	void rejectsInvalidArguments() {
		assertThatIllegalArgumentException().isThrownBy(() -> new SnowflakeSequence("orders", null))
			.withMessage("worker must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> new SnowflakeSequence("", this.generator));
	}

}
