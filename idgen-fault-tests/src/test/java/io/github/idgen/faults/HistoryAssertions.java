package io.github.idgen.faults;

import io.github.idgen.test.history.HistoryReport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guarantee every fault scenario checks on its merged history: no ID acknowledged
 * twice, and the IDs of every history file increasing.
 */
public final class HistoryAssertions {

	private HistoryAssertions() {
	}

	/**
	 * Assert that a history has no duplicate and no monotonicity violation, naming
	 * examples of either on failure.
	 * @param report what the history checker found
	 */
	public static void assertUniqueAndIncreasing(HistoryReport report) {
		assertThat(report.duplicates()).as("duplicates, e.g. %s", report.examples()).isZero();
		assertThat(report.monotonicityViolations()).as("monotonicity violations, e.g. %s", report.examples()).isZero();
	}

}
