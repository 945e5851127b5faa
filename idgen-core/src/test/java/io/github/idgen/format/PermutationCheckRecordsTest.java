package io.github.idgen.format;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import io.github.idgen.PermutationMismatchException;
import io.github.idgen.format.PermutationCheckTest.RecordingKeyChecks;
import io.github.idgen.test.TestClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of which records two instances with other keys share: patterns that write the
 * same text share one (so one of the instances is refused), and a record the store lost
 * is a known limit.
 */
class PermutationCheckRecordsTest {

	private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] OTHER_KEY = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII);

	private final TestClock clock = new TestClock(Instant.parse("2026-11-28T10:00:00Z"));

	private final InMemoryCounters counters = new InMemoryCounters();

	private final RecordingKeyChecks store = new RecordingKeyChecks();

	@Test
	void equivalentPatternsWithOtherKeysNeverWriteOneNumberTwice() {
		FormattedSequence a = sequence("D{yyyyMMdd}{seq:6}", KEY);
		FormattedSequence b = sequence("D{yyyy}{MM}{dd}{seq:6}", OTHER_KEY);
		Set<String> numbers = new HashSet<>();
		Set<String> duplicates = new HashSet<>();
		for (int i = 0; i < 5000; i++) {
			for (FormattedSequence instance : new FormattedSequence[] { a, b }) {
				String number;
				try {
					number = instance.next();
				}
				catch (PermutationMismatchException ex) {
					continue;
				}
				if (!numbers.add(number)) {
					duplicates.add(number);
				}
			}
		}
		assertThat(duplicates.size())
			.as("numbers of counter order@20261128 written twice, such as %s",
					duplicates.stream().sorted().limit(3).toList())
			.isZero();
	}

	@Test
	@Disabled("Known limit, stated in the README (One key and one permutation per period): the check relies on the store keeping its records; an instance that checked a period does not check it again")
	void aRecordTheStoreLostIsNotTakenOverByAnotherKeyWhileTheFirstInstanceWritesOn() {
		FormattedSequence a = sequence("D{yyyyMMdd}{seq:6}", KEY);
		FormattedSequence b = sequence("D{yyyyMMdd}{seq:6}", OTHER_KEY);
		Set<String> numbers = new HashSet<>();
		numbers.add(a.next());
		this.store.recorded.clear();
		Set<String> duplicates = new HashSet<>();
		for (int i = 0; i < 5000; i++) {
			for (FormattedSequence instance : new FormattedSequence[] { a, b }) {
				String number;
				try {
					number = instance.next();
				}
				catch (PermutationMismatchException ex) {
					continue;
				}
				if (!numbers.add(number)) {
					duplicates.add(number);
				}
			}
		}
		assertThat(duplicates.size())
			.as("numbers of counter order@20261128 written twice, such as %s",
					duplicates.stream().sorted().limit(3).toList())
			.isZero();
	}

	private FormattedSequence sequence(String pattern, byte[] key) {
		IdFormat format = IdFormat.parse(pattern).obfuscatedPerPeriod(key, "order", ResetPeriod.DAILY, null);
		return new FormattedSequence("order", new SequenceFormat(format, ResetPeriod.DAILY, this.store), this.clock,
				ZoneOffset.UTC, this.counters);
	}

}
