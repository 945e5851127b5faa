package io.github.idgen.format;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link FormattedSequence}.
 */
class FormattedSequenceTest {

	private static final ZoneId UTC = ZoneId.of("UTC");

	private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

	private static final IdFormat ORDER_FORMAT = IdFormat.parse("ORD{yyyyMMdd}{seq:6}");

	private final TestClock clock = new TestClock(Instant.parse("2026-11-21T23:59:59.998Z"));

	private final InMemoryCounters counters = new InMemoryCounters();

	@Test
	void dailyResetRestartsTheCounterAfterMidnight() {
		FormattedSequence orders = sequence(ORDER_FORMAT, ResetPeriod.DAILY, UTC);
		assertThat(orders.next()).isEqualTo("ORD20261121000001");
		this.clock.advance(Duration.ofMillis(1));
		assertThat(orders.next()).isEqualTo("ORD20261121000002");
		this.clock.advance(Duration.ofMillis(1));
		assertThat(orders.next()).isEqualTo("ORD20261122000001");
		assertThat(orders.next()).isEqualTo("ORD20261122000002");
		assertThat(this.counters.names()).containsExactlyInAnyOrder("order@20261121", "order@20261122");
	}

	@Test
	void periodBeginsAtMidnightInTheConfiguredZone() {
		this.clock.set(Instant.parse("2026-11-21T15:59:59.999Z"));
		FormattedSequence orders = sequence(ORDER_FORMAT, ResetPeriod.DAILY, SHANGHAI);
		assertThat(orders.next()).isEqualTo("ORD20261121000001");
		this.clock.advance(Duration.ofMillis(1));
		assertThat(orders.next()).isEqualTo("ORD20261122000001");
	}

	@Test
	void sameInstantFormatsToTheDateOfTheZone() {
		FormattedSequence inUtc = sequence(ORDER_FORMAT, ResetPeriod.NEVER, UTC);
		FormattedSequence inShanghai = new FormattedSequence("order",
				new SequenceFormat(ORDER_FORMAT, ResetPeriod.NEVER), this.clock, SHANGHAI, new InMemoryCounters());
		assertThat(inUtc.next()).isEqualTo("ORD20261121000001");
		assertThat(inShanghai.next()).isEqualTo("ORD20261122000001");
	}

	@Test
	void monthlyResetKeysTheCounterByMonth() {
		this.clock.set(Instant.parse("2026-11-30T12:00:00Z"));
		FormattedSequence invoices = sequence(IdFormat.parse("INV{yyyyMM}-{seq:4}"), ResetPeriod.MONTHLY, UTC);
		assertThat(invoices.next()).isEqualTo("INV202611-0001");
		assertThat(invoices.next()).isEqualTo("INV202611-0002");
		this.clock.advance(Duration.ofDays(1));
		assertThat(invoices.next()).isEqualTo("INV202612-0001");
		assertThat(this.counters.names()).containsExactlyInAnyOrder("order@202611", "order@202612");
	}

	@Test
	void yearlyResetKeysTheCounterByYear() {
		this.clock.set(Instant.parse("2026-12-31T23:00:00Z"));
		FormattedSequence orders = sequence(IdFormat.parse("{yyyy}/{seq}"), ResetPeriod.YEARLY, UTC);
		assertThat(orders.next()).isEqualTo("2026/1");
		assertThat(orders.next()).isEqualTo("2026/2");
		this.clock.advance(Duration.ofHours(1));
		assertThat(orders.next()).isEqualTo("2027/1");
		assertThat(this.counters.names()).containsExactlyInAnyOrder("order@2026", "order@2027");
	}

	@Test
	void neverResetKeepsOneCounter() {
		FormattedSequence orders = sequence(ORDER_FORMAT, ResetPeriod.NEVER, UTC);
		assertThat(orders.next()).isEqualTo("ORD20261121000001");
		this.clock.advance(Duration.ofDays(400));
		assertThat(orders.next()).isEqualTo("ORD20271226000002");
		assertThat(this.counters.names()).containsExactly("order");
	}

	@Test
	void callReadsTheClockOnceForTheCounterAndTheDate() {
		Function<String, Sequence> counterThatCrossesMidnight = (name) -> {
			this.clock.advance(Duration.ofSeconds(1));
			return this.counters.apply(name);
		};
		FormattedSequence orders = new FormattedSequence("order", new SequenceFormat(ORDER_FORMAT, ResetPeriod.DAILY),
				this.clock, UTC, counterThatCrossesMidnight);
		long reads = this.clock.reads();
		assertThat(orders.next()).isEqualTo("ORD20261121000001");
		assertThat(this.clock.reads()).isEqualTo(reads + 1);
		assertThat(this.counters.names()).containsExactly("order@20261121");
	}

	@Test
	void valueWiderThanTheFormatIsAnErrorNamingTheCounter() {
		this.counters.set("order@20261121", 999_999);
		FormattedSequence orders = sequence(ORDER_FORMAT, ResetPeriod.DAILY, UTC);
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(orders::next)
			.withMessageContaining("'order@20261121'")
			.withMessageContaining("1000000")
			.withMessageContaining("width 6")
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo("order@20261121"));
	}

	@Test
	void timestampPrefixedSerialWithTwoDigitSuffix() {
		this.clock.set(Instant.parse("2026-11-21T09:05:07.123456Z"));
		this.counters.set("serial", 6);
		FormattedSequence serials = new FormattedSequence("serial",
				new SequenceFormat(IdFormat.parse("{yyyyMMddHHmmssSSSSSS}{seq:2}"), ResetPeriod.NEVER), this.clock,
				ZoneOffset.UTC, this.counters);
		assertThat(serials.next()).isEqualTo("2026112109050712345607");
		this.counters.set("serial", 99);
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(serials::next)
			.withMessageContaining("'serial'")
			.withMessageContaining("100")
			.withMessageContaining("width 2");
	}

	@Test
	void nameIsTheSequenceWithoutPeriod() {
		assertThat(sequence(ORDER_FORMAT, ResetPeriod.DAILY, UTC).name()).isEqualTo("order");
	}

	@Test
	void invalidNameIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> sequence(" order", ResetPeriod.DAILY))
			.withMessageContaining("white space");
	}

	@Test
	void nameTooLongForItsPeriodCountersIsRejected() {
		String name = "x".repeat(120);
		assertThat(sequence(name, ResetPeriod.NEVER).name()).isEqualTo(name);
		assertThatIllegalArgumentException().isThrownBy(() -> sequence(name, ResetPeriod.DAILY))
			.withMessageContaining("at most 128");
	}

	private FormattedSequence sequence(IdFormat format, ResetPeriod reset, ZoneId zone) {
		return new FormattedSequence("order", new SequenceFormat(format, reset), this.clock, zone, this.counters);
	}

	private FormattedSequence sequence(String name, ResetPeriod reset) {
		return new FormattedSequence(name, new SequenceFormat(ORDER_FORMAT, reset), this.clock, UTC, this.counters);
	}

}
