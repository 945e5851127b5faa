package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.PermutationMismatchException;
import io.github.idgen.segment.KeyCheckStore;
import io.github.idgen.test.Concurrently;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests that instances which write one obfuscated sequence with another key or
 * permutation never write one number twice: each period's first writer records its
 * permutation next to the counters, and an instance with another one writes nothing in
 * that period, while instances that differ only in periods they do not share, or in the
 * format, write on.
 */
class PermutationCheckTest {

	private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] OTHER_KEY = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII);

	private static final String PATTERN = "D{yyyyMMdd}{seq:6}";

	private final TestClock clock = new TestClock(Instant.parse("2026-11-28T10:00:00Z"));

	private final InMemoryCounters counters = new InMemoryCounters();

	private final RecordingKeyChecks store = new RecordingKeyChecks();

	@Test
	void anInstanceOfTheOtherPermutationWritesNothingInAPeriodTheFirstWroteIn() {
		FormattedSequence fixed = sequence(IdFormat.parse(PATTERN).obfuscated(KEY, "order"));
		FormattedSequence perPeriod = perPeriod(KEY, null);
		String first = fixed.next();
		assertThatExceptionOfType(PermutationMismatchException.class).isThrownBy(perPeriod::next).satisfies((ex) -> {
			assertThat(ex.isKeyDifferent()).isFalse();
			assertThat(ex.getCounter()).isEqualTo("order@20261128");
			assertThat(ex.getMessage()).contains("the same key and the fixed permutation",
					"this instance writes the per-period one", "'@kcv:order@20261128#");
		});
		assertThat(fixed.next()).isNotEqualTo(first);
		assertThat(this.counters.apply("order@20261128").next()).as("nothing drawn for the refused instance")
			.isEqualTo(3);
	}

	@Test
	void anInstanceWithAnotherKeyIsToldTheKeyDiffers() {
		perPeriod(KEY, null).next();
		assertThatExceptionOfType(PermutationMismatchException.class).isThrownBy(perPeriod(OTHER_KEY, null)::next)
			.satisfies((ex) -> assertThat(ex.isKeyDifferent()).isTrue())
			.withMessageContaining("an instance with another key")
			.withMessageNotContaining(new String(KEY, StandardCharsets.US_ASCII));
	}

	@Test
	void aRolloutWithPerPeriodFromWritesBothUntilTheDateAndThenOnlyTheFirstWriterOfEachPeriod() {
		LocalDate from = LocalDate.parse("2026-11-30");
		FormattedSequence fixed = sequence(IdFormat.parse(PATTERN).obfuscated(KEY, "order"));
		FormattedSequence rolledOut = perPeriod(KEY, from);
		List<String> numbers = new ArrayList<>();
		for (int day = 0; day < 2; day++) {
			for (int i = 0; i < 500; i++) {
				numbers.add(fixed.next());
				numbers.add(rolledOut.next());
			}
			this.clock.advance(Duration.ofDays(1));
		}
		numbers.add(rolledOut.next());
		assertThatExceptionOfType(PermutationMismatchException.class).isThrownBy(fixed::next)
			.satisfies((ex) -> assertThat(ex.isKeyDifferent()).isFalse());
		numbers.add(rolledOut.next());
		assertThat(numbers).hasSize(2002).doesNotHaveDuplicates();
	}

	@Test
	void instancesWithAnotherKeyAndAnotherVersionDigitInTheFormatWriteSideBySide() {
		FormattedSequence version1 = sequence(
				IdFormat.parse("D{yyyyMMdd}1{seq:6}").obfuscatedPerPeriod(KEY, "order", ResetPeriod.DAILY, null));
		FormattedSequence version2 = sequence(
				IdFormat.parse("D{yyyyMMdd}2{seq:6}").obfuscatedPerPeriod(OTHER_KEY, "order", ResetPeriod.DAILY, null));
		Set<String> numbers = new HashSet<>();
		for (int i = 0; i < 1000; i++) {
			assertThat(numbers.add(version1.next())).isTrue();
			assertThat(numbers.add(version2.next())).isTrue();
		}
	}

	@Test
	void theLayoutMarksEveryDigitOfEveryFieldAndKeepsTheLiteralText() {
		String fields = "{yyyy}{uuuu}{yy}{uu}{MM}{LL}{dd}{DDD}{HH}{hh}{KK}{kk}{mm}{ss}{SSSSSSSSS}";
		int fieldDigits = 4 + 4 + 2 + 2 + 2 + 2 + 2 + 3 + 2 + 2 + 2 + 2 + 2 + 2 + 9;
		assertThat(IdFormat.parse("ORD-" + fields + "v1{seq:8}X").obfuscated(KEY, "order").layout())
			.isEqualTo("ORD-" + "#".repeat(fieldDigits) + "v1" + "#".repeat(8) + "X");
		assertThat(IdFormat.parse("D{yyyy}{MM}{dd}{seq:6}").obfuscated(KEY, "order").layout())
			.isEqualTo(IdFormat.parse(PATTERN).obfuscated(OTHER_KEY, "order").layout())
			.isEqualTo("D##############");
		assertThat(IdFormat.parse("D{yyyyMMdd}1{seq:6}").obfuscated(KEY, "order").layout())
			.isNotEqualTo(IdFormat.parse("D{yyyyMMdd}2{seq:6}").obfuscated(KEY, "order").layout());
	}

	@Test
	void theStoreIsAskedOncePerPeriodAndNotWhileOnlyDecoding() {
		FormattedSequence sequence = perPeriod(KEY, null);
		String yesterday = "D20261127" + "000001";
		for (int i = 0; i < 100; i++) {
			sequence.next();
		}
		sequence.decode(yesterday);
		sequence.next();
		assertThat(this.store.calls.get()).isEqualTo(1);
		this.clock.advance(Duration.ofDays(1));
		sequence.next();
		assertThat(this.store.calls.get()).isEqualTo(2);
		assertThat(this.store.recorded.keySet()).containsExactlyInAnyOrder(
				"order@20261128#" + KeyCheckValue.scopeOf("D##############"),
				"order@20261129#" + KeyCheckValue.scopeOf("D##############"));
	}

	@Test
	void aStoreThatDoesNotAnswerFailsTheCallWithoutDrawingAndTheNextCallChecksAgain() {
		FormattedSequence sequence = perPeriod(KEY, null);
		this.store.down = true;
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(sequence::next);
		assertThat(sequence.nextIfReady()).isEmpty();
		this.store.down = false;
		assertThat(sequence.nextIfReady()).as("not checked yet: the caller goes to next()").isEmpty();
		String first = sequence.next();
		assertThat(sequence.decode(first)).isEqualTo(1);
	}

	@Test
	void aNeverResetSequenceChecksItsOneCounterWithTheKeyOnly() {
		SequenceFormat format = new SequenceFormat(IdFormat.parse("R{seq:8}").obfuscated(KEY, "receipt"),
				ResetPeriod.NEVER, this.store);
		new FormattedSequence("receipt", format, this.clock, ZoneOffset.UTC, this.counters).next();
		SequenceFormat other = new SequenceFormat(IdFormat.parse("R{seq:8}").obfuscated(OTHER_KEY, "receipt"),
				ResetPeriod.NEVER, this.store);
		assertThatExceptionOfType(PermutationMismatchException.class)
			.isThrownBy(new FormattedSequence("receipt", other, this.clock, ZoneOffset.UTC, this.counters)::next)
			.satisfies((ex) -> assertThat(ex.getCounter()).isEqualTo("receipt"))
			.satisfies((ex) -> assertThat(ex.isKeyDifferent()).isTrue());
	}

	@Test
	void manyThreadsOfInstancesWithEitherPermutationAtAPeriodBoundaryNeverWriteOneNumberTwice() throws Exception {
		for (int round = 0; round < 20; round++) {
			RecordingKeyChecks store = new RecordingKeyChecks();
			InMemoryCounters shared = new InMemoryCounters();
			List<FormattedSequence> instances = List.of(
					sequence(IdFormat.parse(PATTERN).obfuscated(KEY, "order"), store, shared),
					sequence(IdFormat.parse(PATTERN).obfuscatedPerPeriod(KEY, "order", ResetPeriod.DAILY, null), store,
							shared),
					sequence(IdFormat.parse(PATTERN).obfuscated(KEY, "order"), store, shared),
					sequence(IdFormat.parse(PATTERN).obfuscatedPerPeriod(KEY, "order", ResetPeriod.DAILY, null), store,
							shared));
			List<String> numbers = Collections.synchronizedList(new ArrayList<>());
			AtomicInteger refused = new AtomicInteger();
			List<Callable<Void>> threads = new ArrayList<>();
			for (int thread = 0; thread < 8; thread++) {
				FormattedSequence instance = instances.get(thread % instances.size());
				threads.add(() -> {
					for (int i = 0; i < 250; i++) {
						try {
							numbers.add(instance.next());
						}
						catch (PermutationMismatchException ex) {
							refused.incrementAndGet();
						}
					}
					return null;
				});
			}
			Concurrently.runTogether(threads);
			assertThat(numbers).as("round %d", round).doesNotHaveDuplicates();
			assertThat(numbers.size() + refused.get()).isEqualTo(2000);
			assertThat(numbers.size()).isEqualTo(1000);
		}
	}

	private FormattedSequence perPeriod(byte[] key, LocalDate from) {
		return sequence(IdFormat.parse(PATTERN).obfuscatedPerPeriod(key, "order", ResetPeriod.DAILY, from));
	}

	private FormattedSequence sequence(IdFormat format) {
		return sequence(format, this.store, this.counters);
	}

	private FormattedSequence sequence(IdFormat format, KeyCheckStore store, InMemoryCounters counters) {
		return new FormattedSequence("order", new SequenceFormat(format, ResetPeriod.DAILY, store), this.clock,
				ZoneOffset.UTC, counters);
	}

	/**
	 * Key check values in memory, as a store records them: once per counter and scope.
	 */
	static final class RecordingKeyChecks implements KeyCheckStore {

		final ConcurrentMap<String, Long> recorded = new ConcurrentHashMap<>();

		final AtomicInteger calls = new AtomicInteger();

		volatile boolean down;

		@Override
		public long recordIfAbsent(String counter, String scope, long check) {
			this.calls.incrementAndGet();
			if (this.down) {
				throw new BackendUnavailableException("The key checks are down");
			}
			Long previous = this.recorded.putIfAbsent(counter + "#" + scope, check);
			return (previous != null) ? previous : check;
		}

		@Override
		public String describe(String counter, String scope) {
			return "the record '@kcv:" + counter + "#" + scope + "'";
		}

	}

}
