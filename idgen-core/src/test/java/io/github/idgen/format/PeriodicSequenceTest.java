package io.github.idgen.format;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link PeriodicSequence}.
 */
class PeriodicSequenceTest {

	private final TestClock clock = new TestClock(Instant.parse("2026-11-21T23:59:59Z"));

	private final Map<String, AtomicLong> issued = new ConcurrentHashMap<>();

	@Test
	void infoDescribesTheCounterOfOneClockReading() {
		this.issued.put("order@20261121", new AtomicLong(42));
		Function<String, Sequence> counterThatCrossesMidnight = (name) -> {
			this.clock.advance(Duration.ofSeconds(1));
			return counter(name);
		};
		PeriodicSequence order = new PeriodicSequence("order",
				new SequenceFormat(IdFormat.parse("ORD{yyyyMMdd}{seq:6}"), ResetPeriod.DAILY), this.clock,
				ZoneOffset.UTC, counterThatCrossesMidnight);
		long reads = this.clock.reads();
		assertThat(order.info()).containsEntry("format", "ORD{yyyyMMdd}{seq:6}")
			.containsEntry("reset", "daily")
			.containsEntry("counter", "order@20261121")
			.containsEntry("issued", 42L);
		assertThat(this.clock.reads()).isEqualTo(reads + 1);
	}

	private Sequence counter(String name) {
		AtomicLong issued = this.issued.computeIfAbsent(name, (key) -> new AtomicLong());
		return new CountingSequence(name, issued);
	}

	/**
	 * A counter that reports how many IDs it issued.
	 */
	private record CountingSequence(String name, AtomicLong count) implements Sequence, SequenceInfo {

		@Override
		public long next() {
			return this.count.incrementAndGet();
		}

		@Override
		public long[] next(int count) {
			return LongStream.generate(this::next).limit(count).toArray();
		}

		@Override
		public Map<String, Object> info() {
			return Map.of("issued", issued());
		}

		@Override
		public long issued() {
			return this.count.get();
		}

	}

}
