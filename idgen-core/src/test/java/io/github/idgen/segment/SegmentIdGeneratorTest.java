package io.github.idgen.segment;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.Sequence;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.UnknownSequencePolicy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SegmentIdGenerator}: sequence names, configured settings and the
 * unknown-sequence policies.
 */
class SegmentIdGeneratorTest {

	private static final SegmentSettings DEFAULTS = new SegmentSettings(1, 10,
			new StepPolicy(10, 10, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(5));

	private static final SegmentSettings ORDER = new SegmentSettings(1_000_000, 50,
			new StepPolicy(50, 50, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(5));

	private final InMemorySegmentStore store = new InMemorySegmentStore();

	private SegmentIdGenerator generator;

	@AfterEach
	void close() {
		this.generator.close();
	}

	@Test
	void configuredSequenceUsesItsOwnSettings() {
		this.generator = generator(UnknownSequencePolicy.REJECT);
		assertThat(this.generator.nextId("order")).isEqualTo(1_000_000);
		assertThat(this.store.requestedSteps()).containsExactly(50L);
	}

	@Test
	void defaultSequenceIsAlwaysServed() {
		this.generator = generator(UnknownSequencePolicy.REJECT);
		assertThat(this.generator.nextId()).isEqualTo(1);
		assertThat(this.generator.nextId("main")).isEqualTo(2);
	}

	@Test
	void createGivesUnknownSequenceItsOwnCounterWithDefaultSettings() {
		this.generator = generator(UnknownSequencePolicy.CREATE);
		this.generator.nextId();
		assertThat(this.generator.nextId("invoice")).isEqualTo(1);
		assertThat(this.generator.sequence("invoice").name()).isEqualTo("invoice");
		assertThat(this.store.requestedSteps()).containsExactly(10L, 10L);
	}

	@Test
	void createRejectsInvalidNames() {
		this.generator = generator(UnknownSequencePolicy.CREATE);
		assertThatIllegalArgumentException().isThrownBy(() -> this.generator.nextId(""));
		assertThatIllegalArgumentException().isThrownBy(() -> this.generator.nextId("x".repeat(129)));
		assertThatIllegalArgumentException().isThrownBy(() -> this.generator.nextId(null));
	}

	@Test
	void shareServesUnknownSequenceFromDefaultSequence() {
		this.generator = generator(UnknownSequencePolicy.SHARE);
		assertThat(this.generator.nextId()).isEqualTo(1);
		assertThat(this.generator.nextId("invoice")).isEqualTo(2);
		assertThat(this.generator.nextIds("refund", 2)).containsExactly(3, 4);
		Sequence shared = this.generator.sequence("invoice");
		assertThat(shared.name()).isEqualTo("main");
		assertThat(this.generator.sequenceStates()).extracting(SegmentBuffer.State::name).containsExactly("main");
	}

	@Test
	void rejectThrowsUnknownSequence() {
		this.generator = generator(UnknownSequencePolicy.REJECT);
		assertThatExceptionOfType(UnknownSequenceException.class).isThrownBy(() -> this.generator.nextId("invoice"))
			.withMessageContaining("'invoice'")
			.withMessageContaining("idgen.unknown-sequences")
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo("invoice"));
		assertThat(this.store.allocations()).isZero();
	}

	@Test
	void handleSkipsLookupAndSharesStateWithNamedCalls() {
		this.generator = generator(UnknownSequencePolicy.CREATE);
		Sequence order = this.generator.sequence("order");
		assertThat(order.next()).isEqualTo(1_000_000);
		assertThat(this.generator.nextId("order")).isEqualTo(1_000_001);
		assertThat(order.next(3)).containsExactly(1_000_002, 1_000_003, 1_000_004);
	}

	@Test
	void rejectsInvalidConfiguredNames() {
		assertThatIllegalArgumentException().isThrownBy(() -> new SegmentIdGenerator(this.store, DEFAULTS,
				Map.of(" order", ORDER), "main", UnknownSequencePolicy.CREATE));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SegmentIdGenerator(this.store, DEFAULTS, Map.of(), "", UnknownSequencePolicy.CREATE));
		this.generator = generator(UnknownSequencePolicy.CREATE);
	}

	private SegmentIdGenerator generator(UnknownSequencePolicy policy) {
		return new SegmentIdGenerator(this.store, DEFAULTS, Map.of("order", ORDER), "main", policy);
	}

}
