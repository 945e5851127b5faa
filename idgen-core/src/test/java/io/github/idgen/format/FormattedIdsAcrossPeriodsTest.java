package io.github.idgen.format;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.segment.InMemorySegmentStore;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.Concurrently;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Formatted IDs of every reset period drawn from {@link DefaultIdGenerator}s over the
 * segment engine while a stepped clock crosses midnight and New Year in the generators'
 * zone: every ID is unique, and each period's numbers start again at 1 at the local start
 * of the period.
 */
class FormattedIdsAcrossPeriodsTest {

	/**
	 * The sequences under test, each with the pattern and position of its period and the
	 * position of its value in the formatted ID.
	 */
	private static final List<Layout> LAYOUTS = List.of(
			new Layout("daily", "D{yyyyMMdd}{seq:4}", ResetPeriod.DAILY, "yyyyMMdd", 1, 9),
			new Layout("day-of-year", "{uuuuDDD}-{seq}", ResetPeriod.DAILY, "uuuuDDD", 0, 8),
			new Layout("monthly", "M{yyMM}{seq:5}", ResetPeriod.MONTHLY, "yyMM", 1, 5),
			new Layout("yearly", "Y{yyyy}/{seq}", ResetPeriod.YEARLY, "yyyy", 1, 6),
			new Layout("never", "N{yyyyMMddHHmm}{seq:6}", ResetPeriod.NEVER, "", 1, 13));

	private static final Duration STEP = Duration.ofSeconds(7);

	@ParameterizedTest
	@ValueSource(strings = { "Asia/Shanghai", "America/Los_Angeles" })
	void eachPeriodStartsAgainAtLocalMidnightAndNoIdRepeats(String zoneId) {
		ZoneId zone = ZoneId.of(zoneId);
		TestClock clock = new TestClock(Instant.EPOCH);
		Map<String, List<Draw>> draws = new LinkedHashMap<>();
		try (DefaultIdGenerator generator = generator(new InMemorySegmentStore(), clock, zone)) {
			for (LocalDateTime midnight : List.of(LocalDateTime.parse("2026-12-31T00:00"),
					LocalDateTime.parse("2027-01-01T00:00"))) {
				clock.set(midnight.minusMinutes(3).atZone(zone).toInstant());
				Instant end = midnight.plusMinutes(3).atZone(zone).toInstant();
				while (clock.instant().isBefore(end)) {
					for (Layout layout : LAYOUTS) {
						for (int i = 0; i < 3; i++) {
							Instant now = clock.instant();
							long reads = clock.reads();
							String id = generator.nextFormattedId(layout.name());
							assertThat(clock.reads()).as("clock reads of one call").isEqualTo(reads + 1);
							draws.computeIfAbsent(layout.name(), (name) -> new ArrayList<>()).add(new Draw(now, id));
						}
					}
					clock.advance(STEP);
				}
			}
		}
		for (Layout layout : LAYOUTS) {
			List<Draw> drawn = draws.get(layout.name());
			assertThat(drawn.stream().map(Draw::id)).as(layout.name()).doesNotHaveDuplicates();
			Map<String, Long> lastValues = new LinkedHashMap<>();
			for (Draw draw : drawn) {
				String period = layout.period(draw.id());
				assertThat(period).as("period of %s drawn at %s", draw.id(), draw.at())
					.isEqualTo(layout.periodAt(draw.at(), zone));
				long expected = lastValues.getOrDefault(period, 0L) + 1;
				assertThat(layout.value(draw.id())).as("value of %s", draw.id()).isEqualTo(expected);
				lastValues.put(period, expected);
			}
			assertThat(lastValues).as("periods of %s", layout.name()).hasSize(switch (layout.reset()) {
				case DAILY -> 3;
				case MONTHLY, YEARLY -> 2;
				case NEVER -> 1;
			});
		}
		assertThat(draws.get("daily")).extracting(Draw::id).contains("D202612300001", "D202612310001", "D202701010001");
	}

	@ParameterizedTest
	@ValueSource(strings = { "Asia/Shanghai", "America/Los_Angeles" })
	void generatorsSharingAStoreNeverRepeatAnIdWhileTheClockCrossesNewYear(String zoneId) throws Exception {
		ZoneId zone = ZoneId.of(zoneId);
		Instant start = LocalDateTime.parse("2026-12-31T23:59:00").atZone(zone).toInstant();
		Instant end = LocalDateTime.parse("2027-01-01T00:01:00").atZone(zone).toInstant();
		TestClock clock = new TestClock(start);
		InMemorySegmentStore store = new InMemorySegmentStore();
		try (DefaultIdGenerator first = generator(store, clock, zone);
				DefaultIdGenerator second = generator(store, clock, zone)) {
			AtomicLong rounds = new AtomicLong();
			List<Callable<Map<Layout, List<String>>>> tasks = new ArrayList<>();
			for (int i = 0; i < 6; i++) {
				DefaultIdGenerator generator = (i % 2 == 0) ? first : second;
				tasks.add(() -> draw(generator, clock, end, rounds));
			}
			List<Map<Layout, List<String>>> drawn = Concurrently.runTogether(tasks);
			for (Layout layout : LAYOUTS) {
				List<String> ids = drawn.stream().flatMap((byLayout) -> byLayout.get(layout).stream()).toList();
				assertThat(ids).as(layout.name()).doesNotHaveDuplicates();
				Map<String, Set<Long>> valuesByPeriod = new TreeMap<>();
				ids.forEach((id) -> valuesByPeriod.computeIfAbsent(layout.period(id), (period) -> new HashSet<>())
					.add(layout.value(id)));
				List<String> periods = Stream.of(start, end.minusSeconds(1))
					.map((instant) -> layout.periodAt(instant, zone))
					.distinct()
					.toList();
				assertThat(valuesByPeriod.keySet()).as("periods of %s", layout.name())
					.containsExactlyElementsOf(periods);
				valuesByPeriod.forEach(
						(period, values) -> assertThat(values).as("values of %s in period '%s'", layout.name(), period)
							.contains(1L));
			}
		}
	}

	/**
	 * Draw an ID of every sequence per round until the clock reaches {@code end}; every
	 * 40th round of all threads together moves the clock on by a second, while the other
	 * threads draw.
	 */
	private static Map<Layout, List<String>> draw(DefaultIdGenerator generator, TestClock clock, Instant end,
			AtomicLong rounds) {
		Map<Layout, List<String>> ids = new LinkedHashMap<>();
		LAYOUTS.forEach((layout) -> ids.put(layout, new ArrayList<>()));
		while (clock.instant().isBefore(end)) {
			LAYOUTS.forEach((layout) -> ids.get(layout).add(generator.nextFormattedId(layout.name())));
			if (rounds.incrementAndGet() % 40 == 0) {
				synchronized (clock) {
					clock.advance(Duration.ofSeconds(1));
				}
			}
		}
		return ids;
	}

	private static DefaultIdGenerator generator(InMemorySegmentStore store, TestClock clock, ZoneId zone) {
		SegmentSettings settings = new SegmentSettings(new SequenceBounds(1, SequenceBounds.MAX_ID, false), 10,
				new StepPolicy(10, 10, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(5));
		Map<String, SequenceFormat> formats = new LinkedHashMap<>();
		LAYOUTS.forEach((layout) -> formats.put(layout.name(),
				new SequenceFormat(IdFormat.parse(layout.pattern()), layout.reset())));
		return new DefaultIdGenerator(new SegmentSequences(store, settings, Map.of()), formats.keySet(), "default",
				UnknownSequencePolicy.REJECT, formats, clock, zone);
	}

	/**
	 * A formatted sequence and where its IDs hold their period, written with
	 * {@code periodPattern} from {@code periodStart} on, and their value, from
	 * {@code valueStart} to the end.
	 */
	private record Layout(String name, String pattern, ResetPeriod reset, String periodPattern, int periodStart,
			int valueStart) {

		String period(String id) {
			return id.substring(this.periodStart, this.periodStart + this.periodPattern.length());
		}

		long value(String id) {
			return Long.parseLong(id.substring(this.valueStart));
		}

		String periodAt(Instant instant, ZoneId zone) {
			return DateTimeFormatter.ofPattern(this.periodPattern, Locale.ROOT).format(instant.atZone(zone));
		}

	}

	private record Draw(Instant at, String id) {

	}

}
