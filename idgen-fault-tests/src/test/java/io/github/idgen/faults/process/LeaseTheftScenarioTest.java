package io.github.idgen.faults.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker lease theft: a snowflake child JVM holds the only worker id there is (a lease
 * with a ttl of {@value #TTL_SECONDS} s) and generates on two threads; this JVM freezes
 * it with SIGSTOP, a second child takes the id over once the lease has expired and
 * generates, then the first is continued with SIGCONT. The first must fence itself
 * ({@link io.github.idgen.WorkerIdLostException}) and issue no ID that the second issues:
 * the merged history holds no duplicate, each thread's IDs increase, and the first
 * child's history shows WorkerIdLost failures after the resume.
 */
@Tag("faults")
class LeaseTheftScenarioTest {

	private static final int TTL_SECONDS = 3;

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

	@RegisterExtension
	final StartedChildren children = new StartedChildren();

	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path directory;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "postgres", "redis" })
	void aFrozenHolderFencesItselfWhenAnotherTookItsWorkerId(String backendName) throws Exception {
		Path history = Files.createDirectories(this.directory.resolve("history"));
		try (SharedBackend backend = SharedBackend.open(backendName)) {
			ChildOptions options = backend.options()
				.with("mode", "leased")
				.with("ttl", Duration.ofSeconds(TTL_SECONDS))
				.with("margin", Duration.ofMillis(500))
				.with("maxBackwardWait", Duration.ofMillis(5))
				.with("threads", 2)
				.with("pace", 10)
				.with("capacity", 1_000_000)
				.with("history", history);
			ChildJvm holder = start(options, "holder");
			holder.awaitReady(READY_TIMEOUT);
			Thread.sleep(1_500);
			holder.signal("STOP");
			ChildJvm thief = start(options, "thief");
			thief.awaitReady(READY_TIMEOUT);
			Thread.sleep(1_500);
			holder.signal("CONT");
			Thread.sleep(2_000);
			holder.stop(STOP_TIMEOUT);
			thief.stop(STOP_TIMEOUT);
		}
		HistoryReport report = HistoryChecker.checkDirectory(history);
		HistoryReport holderReport = HistoryChecker.check(files(history, "holder-"));
		HistoryReport thiefReport = HistoryChecker.check(files(history, "thief-"));
		System.out.println(holderReport.summaryLine("lease-theft", backendName + "/holder"));
		System.out.println(thiefReport.summaryLine("lease-theft", backendName + "/thief"));
		FaultSummary.report("lease-theft", backendName, report);
		assertUniqueAndIncreasing(report);
		assertThat(holderReport.acknowledged()).isPositive();
		assertThat(thiefReport.acknowledged()).isPositive();
		assertThat(holderReport.failures(FailureType.WORKER_ID_LOST)).isPositive();
	}

	private ChildJvm start(ChildOptions options, String name) {
		return this.children.start(name, options.with("incarnation", name), Map.of(), this.directory);
	}

	private static List<Path> files(Path directory, String prefix) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> file.getFileName().toString().startsWith(prefix)).toList();
		}
	}

}
