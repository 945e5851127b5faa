package io.github.idgen.faults.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Snowflake state file: a child JVM with the static worker id 0 generates on two threads,
 * is killed with SIGKILL, and is restarted at once on the same worker id with its wall
 * clock {@value #BEHIND} seconds behind (libfaketime, {@link FakeTime}), so that the
 * restart reads milliseconds the killed child already issued IDs at.
 * <ul>
 * <li>With a state file ({@code idgen.snowflake.state-file}), the restart finds the
 * horizon the killed child stored last, which no ID of that child is after, and waits
 * until its own clock has passed it: the merged history holds no duplicate and each
 * thread's IDs increase. A third child started on the same file meanwhile must fail: the
 * running one holds its lock.</li>
 * <li>Without a state file the same steps must repeat IDs, which shows that the scenario
 * can fail.</li>
 * </ul>
 */
@Tag("faults")
class SnowflakeStateFileScenarioTest {

	private static final String SCENARIO = "snowflake-state-file";

	private static final String BEHIND = "-3";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

	private static final long RUN_MILLIS = 2_000;

	private static final long RESTARTED_RUN_MILLIS = 3_500;

	@RegisterExtension
	final StartedChildren children = new StartedChildren();

	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path directory;

	private Path history;

	@BeforeEach
	void createHistory() throws IOException {
		this.history = Files.createDirectories(this.directory.resolve("history"));
	}

	@Test
	void aRestartWithItsClockBehindAfterAKillRepeatsNoIdWithAStateFile() throws Exception {
		ChildOptions options = options().with("stateFile", this.directory.resolve("worker-0.state"));
		ChildJvm restarted = killThenRestartBehind(options);
		ChildJvm intruder = start(options, "intruder", "+0");
		String intruderLog = logOnceExited(intruder, "in use by another instance");
		Thread.sleep(RESTARTED_RUN_MILLIS);
		restarted.stop(STOP_TIMEOUT);
		HistoryReport report = HistoryChecker.checkDirectory(this.history);
		FaultSummary.report(SCENARIO, "static/state-file", report);
		assertUniqueAndIncreasing(report);
		assertThat(HistoryChecker.check(files("restarted-")).acknowledged()).as("IDs of the restarted child")
			.isPositive();
		assertThat(restarted.log()).as("log of the restarted child").contains("waiting for it to pass");
		assertThat(intruderLog).as("log of a child started on a state file in use")
			.contains("in use by another instance");
	}

	@Test
	void withoutAStateFileTheSameRestartRepeatsIds() throws Exception {
		ChildJvm restarted = killThenRestartBehind(options());
		Thread.sleep(RESTARTED_RUN_MILLIS);
		restarted.stop(STOP_TIMEOUT);
		HistoryReport report = HistoryChecker.checkDirectory(this.history);
		System.out.println(report.summaryLine(SCENARIO, "static/no-state-file (sanity check, duplicates expected)"));
		assertThat(report.duplicates()).as("IDs repeated without a state file").isPositive();
	}

	private ChildOptions options() {
		return ChildOptions.empty()
			.with("mode", "static")
			.with("maxBackwardWait", Duration.ofMillis(5))
			.with("threads", 2)
			.with("pace", 10)
			.with("capacity", 1_000_000)
			.with("history", this.history);
	}

	/**
	 * Start a child on time, let it generate, kill it with SIGKILL and start it again at
	 * once with its clock {@link #BEHIND}; return the restarted child once it generates.
	 */
	private ChildJvm killThenRestartBehind(ChildOptions options) throws IOException, InterruptedException {
		ChildJvm first = start(options, "first", "+0");
		first.awaitReady(READY_TIMEOUT);
		Thread.sleep(RUN_MILLIS);
		first.kill();
		ChildJvm restarted = start(options, "restarted", BEHIND);
		restarted.awaitReady(READY_TIMEOUT);
		return restarted;
	}

	private ChildJvm start(ChildOptions options, String name, String offset) throws IOException {
		FakeTime time = FakeTime.create(this.directory.resolve(name + "-time"), offset);
		return this.children.start(name, options.with("incarnation", name), time.environment(), this.directory);
	}

	/**
	 * Wait until a child has exited and its log holds the expected text (or a timeout
	 * passed, since its output is copied after it exits), and return the log.
	 */
	private static String logOnceExited(ChildJvm child, String expected) throws InterruptedException {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while ((child.isAlive() || !child.log().contains(expected)) && System.nanoTime() - deadline < 0) {
			Thread.sleep(50);
		}
		assertThat(child.isAlive()).as("%s still runs; its log:%n%s", child.name(), child.log()).isFalse();
		return child.log();
	}

	private List<Path> files(String prefix) throws IOException {
		try (Stream<Path> files = Files.list(this.history)) {
			return files.filter((file) -> file.getFileName().toString().startsWith(prefix)).toList();
		}
	}

}
