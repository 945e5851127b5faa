package io.github.idgen.format;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.segment.InMemorySegmentStore;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for formatted sequences served by {@link DefaultIdGenerator} over the segment
 * engine.
 */
class FormattedIdGeneratorTest {

	private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

	private final TestClock clock = new TestClock(Instant.parse("2026-11-21T15:59:59Z"));

	private final InMemorySegmentStore store = new InMemorySegmentStore();

	private DefaultIdGenerator generator;

	@AfterEach
	void close() {
		this.generator.close();
	}

	@Test
	void dailyResetStartsEachDayFromOneInTheConfiguredZone() {
		this.generator = generator(Map.of("order", settings(1, SequenceBounds.MAX_ID, false)),
				Map.of("order", new SequenceFormat(IdFormat.parse("ORD{yyyyMMdd}{seq:6}"), ResetPeriod.DAILY)));
		assertThat(this.generator.nextFormattedId("order")).isEqualTo("ORD20261121000001");
		assertThat(this.generator.nextFormattedId("order")).isEqualTo("ORD20261121000002");
		this.clock.advance(Duration.ofSeconds(1));
		assertThat(this.generator.nextFormattedId("order")).isEqualTo("ORD20261122000001");
		Sequence order = this.generator.sequence("order");
		assertThat(order.nextFormatted()).isEqualTo("ORD20261122000002");
		assertThat(order.next()).isEqualTo(3);
		assertThat(this.generator.sequences()).extracting(Sequence::name)
			.contains("order", "order@20261121", "order@20261122");
		assertThat(this.store.requestedSteps()).hasSize(2);
	}

	@Test
	void periodCountersAreServedEvenWhenUnknownSequencesAreRejected() {
		this.generator = generator(Map.of("order", settings(1, SequenceBounds.MAX_ID, false)),
				Map.of("order", new SequenceFormat(IdFormat.parse("{yyyy}-{seq}"), ResetPeriod.YEARLY)));
		assertThat(this.generator.nextFormattedId("order")).isEqualTo("2026-1");
	}

	@Test
	void cyclicTwoDigitSuffixAfterMicrosecondTimestampNeverOverflows() {
		this.generator = generator(Map.of("serial", settings(1, 99, true)), Map.of("serial",
				new SequenceFormat(IdFormat.parse("{yyyyMMddHHmmssSSSSSS}{seq:2}"), ResetPeriod.NEVER)));
		String[] ids = IntStream.range(0, 120)
			.mapToObj((i) -> this.generator.nextFormattedId("serial"))
			.toArray(String[]::new);
		assertThat(ids[0]).isEqualTo("2026112123595900000001");
		assertThat(ids[98]).endsWith("99");
		assertThat(ids[99]).endsWith("01");
		assertThat(ids).allSatisfy((id) -> assertThat(id).hasSize(22));
	}

	@Test
	void sequenceWithoutFormatSaysHowToConfigureOne() {
		this.generator = generator(Map.of(), Map.of());
		assertThatIllegalStateException().isThrownBy(() -> this.generator.nextFormattedId("default"))
			.withMessageContaining("idgen.sequences.default.format");
	}

	@Test
	void formattedIdsDecodeToTheirCounterInEveryPeriod() {
		this.generator = generator(Map.of("order", settings(1, SequenceBounds.MAX_ID, false)),
				Map.of("order", new SequenceFormat(IdFormat.parse("ORD{yyyyMMdd}{seq:6}"), ResetPeriod.DAILY)));
		String first = this.generator.nextFormattedId("order");
		String second = this.generator.nextFormattedId("order");
		this.clock.advance(Duration.ofSeconds(1));
		String nextDay = this.generator.sequence("order").nextFormatted();
		assertThat(this.generator.decodeFormattedId("order", first)).isEqualTo(1);
		assertThat(this.generator.decodeFormattedId("order", second)).isEqualTo(2);
		assertThat(this.generator.sequence("order").decodeFormatted(nextDay)).isEqualTo(1);
		assertThat(this.generator.decodeFormattedId("order", "ORD19991231000042")).isEqualTo(42);
	}

	@Test
	void decodingThroughASequenceWithoutFormatCreatesNothing() {
		this.generator = generator(Map.of("plain", settings(1, SequenceBounds.MAX_ID, false)), Map.of());
		assertThatIllegalStateException().isThrownBy(() -> this.generator.decodeFormattedId("plain", "1"))
			.withMessage("Sequence 'plain' has no format: set idgen.sequences.plain.format, such as "
					+ "ORD{yyyyMMdd}{seq:6}");
		assertThatExceptionOfType(UnknownSequenceException.class)
			.isThrownBy(() -> this.generator.decodeFormattedId("unknown", "1"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.generator.decodeFormattedId("{hostile}\n" + "x".repeat(10_000), "1"))
			.withMessageStartingWith("Sequence name must have at most 128 characters but has 10010: '{hostile}\\nxxx");
		assertThat(this.generator.sequences()).isEmpty();
		this.generator.nextId("plain");
		assertThatIllegalStateException().isThrownBy(() -> this.generator.sequence("plain").decodeFormatted("1"))
			.withMessage("Sequence 'plain' has no format: set idgen.sequences.plain.format, such as "
					+ "ORD{yyyyMMdd}{seq:6}");
	}

	private DefaultIdGenerator generator(Map<String, SegmentSettings> settings, Map<String, SequenceFormat> formats) {
		SegmentSettings defaults = settings(1, SequenceBounds.MAX_ID, false);
		return new DefaultIdGenerator(new SegmentSequences(this.store, defaults, settings),
				Set.copyOf(settings.keySet()), "default", UnknownSequencePolicy.REJECT, formats, this.clock, SHANGHAI);
	}

	private static SegmentSettings settings(long start, long maxValue, boolean cycle) {
		return new SegmentSettings(new SequenceBounds(start, maxValue, cycle), 10,
				new StepPolicy(10, 10, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(5));
	}

}
