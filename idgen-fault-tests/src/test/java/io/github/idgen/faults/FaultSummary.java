package io.github.idgen.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.github.idgen.test.history.HistoryReport;

/**
 * The fault suite's summary: one line per scenario and backend, and lines that scenarios
 * add about what they measured, printed and appended to
 * {@code target/faults-summary.txt}, which {@code .ci/run} prints at the end of a run.
 */
public final class FaultSummary {

	private static final Path FILE = Path.of("target", "faults-summary.txt");

	private FaultSummary() {
	}

	/**
	 * Print a report's summary line and append it to the summary file.
	 * @param scenario the scenario's name
	 * @param backend the backend's name
	 * @param report what the history checker found
	 */
	public static void report(String scenario, String backend, HistoryReport report) {
		note(report.summaryLine(scenario, backend));
	}

	/**
	 * Print a line of the summary and append it to the summary file, such as one that
	 * names a scenario's guarantees and what was measured of each.
	 * @param line the line, starting with {@code FAULTS}, the scenario and the backend
	 */
	public static synchronized void note(String line) {
		System.out.println(line);
		try {
			Files.createDirectories(FILE.getParent());
			Files.writeString(FILE, line + System.lineSeparator(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
					StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not append to " + FILE.toAbsolutePath(), ex);
		}
	}

}
