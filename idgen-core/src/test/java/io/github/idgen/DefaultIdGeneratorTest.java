package io.github.idgen;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.github.idgen.test.Concurrently;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests of how a {@link DefaultIdGenerator} treats names it has not served yet: checked
 * by its factory before anything is created, and created at most as often as allowed.
 */
class DefaultIdGeneratorTest {

	private final Set<String> created = ConcurrentHashMap.newKeySet();

	private final SequenceFactory factory = new SequenceFactory() {

		@Override
		public Sequence create(String name) {
			DefaultIdGeneratorTest.this.created.add(name);
			return new CountingSequence(name);
		}

		@Override
		public String validateName(String name) {
			SequenceNames.validate(name);
			if (name.contains("{")) {
				throw new IllegalArgumentException("Sequence name must not contain '{': " + SequenceNames.quote(name));
			}
			return name;
		}

	};

	@Test
	void namesTheFactoryCannotServeAreRefusedBeforeAnythingIsCreated() {
		DefaultIdGenerator generator = generator(10);
		for (String name : List.of("a{b}", "order@20261121", "x".repeat(10_000), "a\nb", " order", "")) {
			assertThatIllegalArgumentException().isThrownBy(() -> generator.nextId(name));
		}
		assertThatIllegalArgumentException().isThrownBy(() -> generator.nextId(null));
		assertThat(this.created).isEmpty();
		assertThat(generator.sequences()).isEmpty();
	}

	@Test
	void theReservedPeriodSeparatorIsNamedInTheMessage() {
		assertThatIllegalArgumentException().isThrownBy(() -> generator(10).nextId("order@20261121"))
			.withMessage("Sequence name must not contain '@', which separates a formatted sequence's name from the "
					+ "period in its counters' names: 'order@20261121'");
	}

	@Test
	void unknownSequencesAreCreatedUpToTheLimitThenRefused() {
		DefaultIdGenerator generator = generator(3);
		assertThat(generator.nextId("a")).isEqualTo(1);
		assertThat(generator.nextId("b")).isEqualTo(1);
		assertThat(generator.nextId("c")).isEqualTo(1);
		assertThatExceptionOfType(UnknownSequenceException.class).isThrownBy(() -> generator.nextId("d'x"))
			.withMessage("Unknown sequence 'd\\'x': 3 sequences that are not configured were created already, as "
					+ "many as allowed; configure it under idgen.sequences or raise idgen.max-unknown-sequences");
		assertThat(generator.nextId("a")).as("a sequence created before").isEqualTo(2);
		assertThat(generator.nextId("configured")).as("configured sequences do not count").isEqualTo(1);
		assertThat(generator.nextId()).as("nor does the default sequence").isEqualTo(1);
		assertThat(this.created).containsExactlyInAnyOrder("a", "b", "c", "configured", "default");
	}

	@Test
	void callersRacingToCreateManySequencesNeverPassTheLimit() throws Exception {
		DefaultIdGenerator generator = generator(50);
		List<Callable<Integer>> callers = new ArrayList<>();
		for (int thread = 0; thread < 8; thread++) {
			int offset = thread * 10;
			callers.add(() -> {
				int refused = 0;
				for (int i = 0; i < 100; i++) {
					try {
						generator.nextId("s" + ((offset + i) % 120));
					}
					catch (UnknownSequenceException ex) {
						refused++;
					}
				}
				return refused;
			});
		}
		List<Integer> refused = Concurrently.runTogether(callers);
		assertThat(this.created).hasSize(50);
		assertThat(generator.sequences()).hasSize(50);
		assertThat(refused.stream().mapToInt(Integer::intValue).sum()).isPositive();
	}

	@Test
	void aConfiguredNameTheFactoryCannotServeFailsConstruction() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new DefaultIdGenerator(this.factory, Set.of("a{b}"), "default",
					UnknownSequencePolicy.CREATE, Map.of(), Clock.systemUTC(), ZoneOffset.UTC, 10))
			.withMessageContaining("must not contain '{'");
	}

	@Test
	void aNegativeLimitIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> generator(-1))
			.withMessage("maxUnknownSequences must not be negative but was -1");
	}

	@Test
	void batchCountsOutOfRangeAreRefusedBeforeAnythingIsAllocated() {
		DefaultIdGenerator generator = generator(10);
		for (int count : new int[] { 0, -1, Integer.MIN_VALUE, Sequence.MAX_BATCH_SIZE + 1, Integer.MAX_VALUE }) {
			assertThatIllegalArgumentException().isThrownBy(() -> generator.nextIds("order", count))
				.withMessageContaining("count must be");
		}
		assertThat(generator.nextIds("order", 3)).containsExactly(1, 2, 3);
	}

	private DefaultIdGenerator generator(int maxUnknownSequences) {
		return new DefaultIdGenerator(this.factory, Set.of("configured"), "default", UnknownSequencePolicy.CREATE,
				Map.of(), Clock.systemUTC(), ZoneOffset.UTC, maxUnknownSequences);
	}

	/**
	 * A sequence that counts from 1, checking batch sizes as every sequence does.
	 */
	private static final class CountingSequence implements Sequence {

		private final String name;

		private final AtomicLong last = new AtomicLong();

		CountingSequence(String name) {
			this.name = name;
		}

		@Override
		public String name() {
			return this.name;
		}

		@Override
		public long next() {
			return this.last.incrementAndGet();
		}

		@Override
		public long[] next(int count) {
			Sequence.checkBatchSize(count);
			long first = this.last.getAndAdd(count) + 1;
			long[] ids = new long[count];
			for (int i = 0; i < count; i++) {
				ids[i] = first + i;
			}
			return ids;
		}

	}

}
