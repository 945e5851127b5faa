package io.github.idgen.format;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.github.idgen.IdLimit;
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

	@Test
	void positionAndLimitAreThoseOfTheCurrentPeriod() {
		this.issued.put("order@20261121", new AtomicLong(7));
		this.issued.put("order@20261122", new AtomicLong(42));
		PeriodicSequence order = new PeriodicSequence("order",
				new SequenceFormat(IdFormat.parse("ORD{yyyyMMdd}{seq:3}"), ResetPeriod.DAILY), this.clock,
				ZoneOffset.ofHours(1), this::counter);
		assertThat(order.position()).hasValue(42);
		assertThat(order.limit()).contains(IdLimit.period(999, Instant.parse("2026-11-22T23:00:00Z"),
				"the width 3 of format 'ORD{yyyyMMdd}{seq:3}' per day"));
	}

	@Test
	void monthlyAndYearlyPeriodsEndAtTheStartOfTheNext() {
		PeriodicSequence monthly = new PeriodicSequence("invoice",
				new SequenceFormat(IdFormat.parse("INV{yyyyMM}{seq:12}"), ResetPeriod.MONTHLY), this.clock,
				ZoneOffset.UTC, this::counter);
		assertThat(monthly.limit().orElseThrow().end()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
		assertThat(monthly.limit().orElseThrow().maxValue()).isEqualTo(999_999_999_999L);
		PeriodicSequence yearly = new PeriodicSequence("receipt",
				new SequenceFormat(IdFormat.parse("R{yyyy}{seq:19}"), ResetPeriod.YEARLY), this.clock, ZoneOffset.UTC,
				this::counter);
		assertThat(yearly.limit().orElseThrow().end()).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
		assertThat(yearly.limit().orElseThrow().maxValue()).isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void formatThatNeverResetsIsLimitedByItsWidthAndOneWithoutAWidthByNothing() {
		PeriodicSequence widthOnly = new PeriodicSequence("ticket",
				new SequenceFormat(IdFormat.parse("T{seq:4}"), ResetPeriod.NEVER), this.clock, ZoneOffset.UTC,
				this::counter);
		assertThat(widthOnly.limit())
			.contains(new IdLimit(IdLimit.Kind.VALUE, 9999, null, 0, "the width 4 of format 'T{seq:4}'"));
		PeriodicSequence noWidth = new PeriodicSequence("ticket",
				new SequenceFormat(IdFormat.parse("T{seq}"), ResetPeriod.NEVER), this.clock, ZoneOffset.UTC,
				this::counter);
		assertThat(noWidth.limit()).isEmpty();
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

		@Override
		public OptionalLong position() {
			return OptionalLong.of(this.count.get());
		}

	}

}
