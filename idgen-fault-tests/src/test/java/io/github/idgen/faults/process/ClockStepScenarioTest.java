package io.github.idgen.faults.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clock step back: snowflake child JVMs that hold the only worker id (leased in
 * PostgreSQL with a ttl of 3 s) run under libfaketime ({@link FakeTime}) and their wall
 * clock is stepped two seconds back.
 * <ul>
 * <li>With a {@code max-backward-wait} of three seconds a child waits the step out: no
 * call fails and its IDs keep increasing.</li>
 * <li>With five milliseconds it throws
 * {@link io.github.idgen.ClockMovedBackwardsException}. It is stopped while still behind
 * and restarted, still two seconds behind, on the same worker id: the new owner must wait
 * for the millisecond the old one stored with the lease, so it fails too before it issues
 * IDs.</li>
 * <li>A child on time, with a ttl of 2 s, is killed with SIGKILL while a standby two
 * seconds behind waits for the worker id: the standby takes it over as soon as the lease
 * expires and must not reuse a millisecond the killed child issued IDs at. It starts
 * after the horizon the killed child stored with its last renewal, which no ID of that
 * child is after, so it fails with {@link io.github.idgen.ClockMovedBackwardsException}
 * until its clock has passed that horizon.</li>
 * </ul>
 * Each time the merged history must hold no duplicate and each thread's IDs must
 * increase.
 */
@Tag("faults")
class ClockStepScenarioTest {

	private static final String BACKEND = "postgres";

	private static final Duration TTL = Duration.ofSeconds(3);

	private static final Duration CRASH_TTL = Duration.ofSeconds(2);

	private static final String BEHIND = "-2";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STEP_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

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
	void aStepWithinMaxBackwardWaitIsWaitedOut() throws Exception {
		try (SharedBackend backend = SharedBackend.open(BACKEND)) {
			FakeTime time = FakeTime.create(this.directory.resolve("time"), "+0");
			ChildJvm child = startThenStepBack(options(backend, Duration.ofSeconds(3)), "child", time);
			awaitHistory("child-", (report) -> report.maxLatency().toMillis() > 1_000, "a call waiting the step out");
			Thread.sleep(500);
			child.stop(STOP_TIMEOUT);
		}
		HistoryReport report = check("wait");
		assertThat(report.failures()).isEmpty();
	}

	@Test
	void aStepBeyondMaxBackwardWaitFailsAlsoAfterARestart() throws Exception {
		try (SharedBackend backend = SharedBackend.open(BACKEND)) {
			ChildOptions options = options(backend, Duration.ofMillis(5));
			FakeTime time = FakeTime.create(this.directory.resolve("time"), "+0");
			ChildJvm first = startThenStepBack(options, "first", time);
			awaitHistory("first-", (report) -> report.failures(FailureType.CLOCK_MOVED_BACKWARDS) > 0,
					"a ClockMovedBackwardsException");
			first.stop(STOP_TIMEOUT);
			ChildJvm restarted = start(options, "restarted", time);
			restarted.awaitReady(READY_TIMEOUT);
			awaitHistory("restarted-", (report) -> report.acknowledged() > 0, "an ID after the restart");
			Thread.sleep(500);
			restarted.stop(STOP_TIMEOUT);
		}
		check("throw");
		assertThat(HistoryChecker.check(files("restarted-")).failures(FailureType.CLOCK_MOVED_BACKWARDS))
			.as("failures of the restarted owner while its clock is behind the last millisecond issued")
			.isPositive();
	}

	@Test
	void aStandbyBehindThatTakesOverFromAKilledOwnerDoesNotReuseItsTime() throws Exception {
		try (SharedBackend backend = SharedBackend.open(BACKEND)) {
			ChildOptions options = options(backend, Duration.ofMillis(5)).with("ttl", CRASH_TTL);
			ChildJvm first = start(options, "first", FakeTime.create(this.directory.resolve("first-time"), "+0"));
			first.awaitReady(READY_TIMEOUT);
			ChildJvm standby = start(options, "standby",
					FakeTime.create(this.directory.resolve("standby-time"), BEHIND));
			Thread.sleep(1_000);
			first.kill();
			standby.awaitReady(READY_TIMEOUT);
			awaitHistory("standby-", (report) -> report.acknowledged() > 0, "an ID of the standby");
			Thread.sleep(1_000);
			standby.stop(STOP_TIMEOUT);
		}
		check("crash");
	}

	private static ChildOptions options(SharedBackend backend, Duration maxBackwardWait) {
		return backend.options()
			.with("mode", "leased")
			.with("ttl", TTL)
			.with("margin", Duration.ofMillis(500))
			.with("maxBackwardWait", maxBackwardWait)
			.with("threads", 2)
			.with("pace", 10)
			.with("capacity", 1_000_000);
	}

	private ChildJvm start(ChildOptions options, String name, FakeTime time) {
		return this.children.start(name, options.with("history", this.history).with("incarnation", name),
				time.environment(), this.directory);
	}

	/**
	 * Start a child on time, let it generate for a second once it is ready, then step its
	 * clock back by {@link #BEHIND}.
	 */
	private ChildJvm startThenStepBack(ChildOptions options, String name, FakeTime time)
			throws IOException, InterruptedException {
		ChildJvm child = start(options, name, time);
		child.awaitReady(READY_TIMEOUT);
		Thread.sleep(1_000);
		time.offset(BEHIND);
		return child;
	}

	private void awaitHistory(String prefix, Predicate<HistoryReport> condition, String description)
			throws IOException, InterruptedException {
		long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
		while (!condition.test(HistoryChecker.check(files(prefix)))) {
			if (System.nanoTime() - deadline >= 0) {
				throw new AssertionError("No " + description + " in the history of " + prefix + "* within "
						+ STEP_TIMEOUT + ": " + HistoryChecker.check(files(prefix)).summaryLine("clock-step", prefix));
			}
			Thread.sleep(100);
		}
	}

	private HistoryReport check(String configuration) throws IOException {
		try (Stream<Path> files = Files.list(this.history)) {
			files.map((file) -> file.getFileName().toString().replaceFirst("-t\\d+$", ""))
				.distinct()
				.sorted()
				.forEach((child) -> System.out.println(HistoryChecker.check(filesUnchecked(child + "-"))
					.summaryLine("clock-step", BACKEND + "/" + configuration + "/" + child)));
		}
		HistoryReport report = HistoryChecker.checkDirectory(this.history);
		FaultSummary.report("clock-step", BACKEND + "/" + configuration, report);
		assertThat(report.acknowledged()).isPositive();
		assertUniqueAndIncreasing(report);
		return report;
	}

	private List<Path> filesUnchecked(String prefix) {
		try {
			return files(prefix);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private List<Path> files(String prefix) throws IOException {
		try (Stream<Path> files = Files.list(this.history)) {
			return files.filter((file) -> file.getFileName().toString().startsWith(prefix)).toList();
		}
	}

}
