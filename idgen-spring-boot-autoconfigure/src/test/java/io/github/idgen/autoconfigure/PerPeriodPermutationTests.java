package io.github.idgen.autoconfigure;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.test.TestClock;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the per-period permutation of obfuscated sequences
 * ({@code idgen.sequences.<name>.permutation} and {@code .per-period-from}): the same
 * counter gets other digits in every period, old numbers still decode, and instances of
 * the fixed and the per-period permutation that share a store repeat no number across a
 * switch at a date.
 */
class PerPeriodPermutationTests {

	private static final Instant DAY_ONE = Instant.parse("2026-11-27T10:00:00Z");

	private static final Instant DAY_TWO = Instant.parse("2026-11-28T10:00:00Z");

	private final TestClock clock = new TestClock(DAY_ONE);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
		.withBean(IdGeneratorAutoConfiguration.CLOCK, Clock.class, () -> this.clock)
		.withPropertyValues("idgen.zone=UTC", "idgen.obfuscation.key=" + SequenceObfuscationTests.KEY,
				"idgen.sequences.order.format=ORD{yyyyMMdd}{seq:6}", "idgen.sequences.order.reset=daily",
				"idgen.sequences.order.obfuscate=true", "idgen.sequences.order.permutation=per-period",
				"idgen.sequences.order.step=10", "idgen.sequences.order.min-step=10",
				"idgen.sequences.order.max-step=10");

	@Test
	void theSameCounterHasOtherDigitsInEveryPeriod() {
		this.runner.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID()).run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			List<String> dayOne = draw(ids, 3);
			this.clock.set(DAY_TWO);
			List<String> dayTwo = draw(ids, 3);
			for (int i = 0; i < 3; i++) {
				assertThat(dayOne.get(i)).startsWith("ORD20261127");
				assertThat(dayTwo.get(i)).startsWith("ORD20261128");
				assertThat(dayTwo.get(i).substring(11)).as("counter %d", i + 1)
					.isNotEqualTo(dayOne.get(i).substring(11));
				assertThat(ids.decodeFormattedId("order", dayOne.get(i))).isEqualTo(i + 1);
				assertThat(ids.decodeFormattedId("order", dayTwo.get(i))).isEqualTo(i + 1);
			}
		});
	}

	@Test
	void theFixedPermutationWritesTheSameDigitsEveryPeriod() {
		this.runner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"idgen.sequences.order.permutation=fixed")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				String dayOne = ids.nextFormattedId("order");
				this.clock.set(DAY_TWO);
				String dayTwo = ids.nextFormattedId("order");
				assertThat(dayTwo.substring(11)).isEqualTo(dayOne.substring(11));
				assertThat(ids.decodeFormattedId("order", dayOne)).isEqualTo(1);
			});
	}

	/**
	 * A rolling switch: on day one an instance of the fixed permutation (as earlier
	 * versions wrote) and one of the per-period permutation from day two draw from one
	 * store; on day two, after the last fixed instance stopped, two per-period ones.
	 * Width 6, so that two permutations of 4,000 counters each would share numbers; each
	 * number decodes to a counter that was drawn (segments of 10, so none above 8,100).
	 */
	@Test
	void switchingAtADateRepeatsNoNumberAndOldNumbersDecode() {
		ApplicationContextRunner shared = this.runner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		ApplicationContextRunner fixed = shared.withPropertyValues("idgen.sequences.order.permutation=fixed");
		ApplicationContextRunner perPeriod = shared.withPropertyValues("idgen.sequences.order.permutation=per-period",
				"idgen.sequences.order.per-period-from=2026-11-28");
		List<String> numbers = new ArrayList<>();
		fixed.run((old) -> perPeriod.run((upgraded) -> {
			numbers.addAll(alternate(old.getBean(IdGenerator.class), upgraded.getBean(IdGenerator.class), 4000));
			this.clock.set(DAY_TWO);
		}));
		perPeriod.run((first) -> perPeriod.run((second) -> {
			IdGenerator ids = first.getBean(IdGenerator.class);
			numbers.addAll(alternate(ids, second.getBean(IdGenerator.class), 4000));
			Set<Long> dayOneCounters = new HashSet<>();
			Set<Long> dayTwoCounters = new HashSet<>();
			for (String number : numbers) {
				(number.startsWith("ORD20261127") ? dayOneCounters : dayTwoCounters)
					.add(ids.decodeFormattedId("order", number));
			}
			assertThat(dayOneCounters).as("segments of 10, a few left unused")
				.hasSize(8000)
				.allMatch((counter) -> counter >= 1 && counter <= 8100);
			assertThat(dayTwoCounters).hasSize(8000).allMatch((counter) -> counter >= 1 && counter <= 8100);
		}));
		assertThat(numbers).hasSize(16_000).doesNotHaveDuplicates();
	}

	/**
	 * The hazard that {@code per-period-from} avoids, an instance of the fixed
	 * permutation and one of the per-period permutation drawing in the same period from
	 * one store, is refused: the second does not start, naming the permutation, and the
	 * first writes on.
	 */
	@Test
	void fixedAndPerPeriodInstancesInOnePeriodNeverBothStart() {
		ApplicationContextRunner shared = this.runner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		shared.withPropertyValues("idgen.sequences.order.permutation=fixed").run((old) -> {
			String before = old.getBean(IdGenerator.class).nextFormattedId("order");
			shared.run((upgraded) -> assertThat(
					invalidProperty(upgraded, "idgen.sequences.order.permutation").getDescription())
				.contains("the same key and the fixed permutation"));
			assertThat(old.getBean(IdGenerator.class).nextFormattedId("order")).isNotEqualTo(before);
		});
	}

	@Test
	void perPeriodFromWithTheFixedPermutationFails() {
		this.runner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"idgen.sequences.order.permutation=fixed", "idgen.sequences.order.per-period-from=2026-12-01")
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context,
						"idgen.sequences.order.per-period-from");
				assertThat(failure.getAction()).contains("idgen.sequences.order.permutation=per-period");
			});
	}

	/**
	 * An upgrade must not switch the permutation by default: instances of an earlier
	 * version still write the fixed one in the period of the rollout, so the permutation
	 * of an obfuscated sequence with a reset is chosen explicitly.
	 */
	@Test
	void anObfuscatedSequenceWithAResetNeedsAChosenPermutation() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"idgen.obfuscation.key=" + SequenceObfuscationTests.KEY,
					"idgen.sequences.order.format=ORD{yyyyMMdd}{seq:6}", "idgen.sequences.order.reset=daily",
					"idgen.sequences.order.obfuscate=true")
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context,
						"idgen.sequences.order.permutation");
				assertThat(failure.getDescription()).contains("reset 'daily'");
				assertThat(failure.getAction()).contains("idgen.sequences.order.permutation=per-period",
						"idgen.sequences.order.per-period-from", "idgen.sequences.order.permutation=fixed");
			});
	}

	@Test
	void anObfuscatedSequenceWithoutAResetNeedsNoChosenPermutation() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"idgen.obfuscation.key=" + SequenceObfuscationTests.KEY, "idgen.sequences.order.format=ORD{seq:6}",
					"idgen.sequences.order.obfuscate=true")
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextFormattedId("order")).hasSize(9));
	}

	@Test
	void permutationWithoutObfuscateFails() {
		this.runner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"idgen.sequences.plain.format=P{seq:6}", "idgen.sequences.plain.permutation=fixed")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.plain.permutation").getAction())
				.isEqualTo("Set idgen.sequences.plain.obfuscate=true, or remove idgen.sequences.plain.permutation."));
	}

	private static List<String> draw(IdGenerator ids, int count) {
		List<String> numbers = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			numbers.add(ids.nextFormattedId("order"));
		}
		return numbers;
	}

	private static List<String> alternate(IdGenerator first, IdGenerator second, int each) {
		List<String> numbers = new ArrayList<>();
		for (int i = 0; i < each; i++) {
			numbers.add(first.nextFormattedId("order"));
			numbers.add(second.nextFormattedId("order"));
		}
		return numbers;
	}

}
