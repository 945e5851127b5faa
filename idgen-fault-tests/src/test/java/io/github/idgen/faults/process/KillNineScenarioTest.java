package io.github.idgen.faults.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;
import io.github.idgen.test.history.RecordedCall;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Kill -9: four child JVMs generate from one sequence of a shared backend while this JVM
 * kills a random one with SIGKILL at random intervals and starts it again, for
 * {@code idgen.faults.seconds} (40 by default) per backend, counted from the first start;
 * only children that generate are killed. The merged history of every incarnation must
 * hold no duplicate, and each thread's IDs must increase.
 * <ul>
 * <li>Segment mode, two threads per child, on every backend: a killed generator loses the
 * rest of its segments (gaps), never repeats an ID. On PostgreSQL the children also write
 * their values as obfuscated numbers, which must be unique too.</li>
 * <li>Redis increment mode, four threads per child, so that callers of one JVM run
 * concurrently: no buffer, so the IDs must also be free of gaps, except for those whose
 * callers got no reply. A call's history record is written before the call begins, so a
 * call whose child was killed before it completed is counted unknown; the values from 1
 * up to the highest acknowledged ID that no call acknowledged must therefore be no more
 * than the calls that began without being acknowledged (unknown or failed).</li>
 * </ul>
 */
@Tag("faults")
class KillNineScenarioTest {

	private static final Duration DURATION = Duration.ofSeconds(Long.getLong("idgen.faults.seconds", 40));

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private static final int CHILDREN = 4;

	private static final long MIN_INTERVAL_MILLIS = 200;

	private static final long MAX_INTERVAL_MILLIS = 2_000;

	private static final int SEGMENT_THREADS = 2;

	private static final int INCREMENT_THREADS = 4;

	@RegisterExtension
	final StartedChildren children = new StartedChildren();

	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path directory;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "h2", "postgres", "mariadb", "redis", "mongo" })
	void killedGeneratorsNeverRepeatAnId(String backendName) throws Exception {
		HistoryReport report = killAtRandom(backendName, "segment", SEGMENT_THREADS);
		FaultSummary.report("kill-9", backendName, report);
		assertUniqueAndIncreasing(report);
	}

	/**
	 * The children write each value of a daily sequence as an obfuscated number
	 * ({@code {yyMMdd}{seq:12}} with one key), as in a rollout that switches the
	 * permutation while instances of the other still run: every child that starts takes
	 * the per-period or the fixed permutation in turn. The first child to write the day
	 * decides its permutation; the children of the other one write nothing that day. The
	 * numbers must be unique as the values are, the refusals typed, and the numbers,
	 * being permuted, mostly out of order.
	 */
	@Test
	void killedGeneratorsOfTwoPermutationsNeverRepeatAnObfuscatedNumber() throws Exception {
		HistoryReport report = killAtRandom("postgres", "obfuscated", SEGMENT_THREADS,
				(options, start) -> options.with("permutation", (start % 2 == 0) ? "per-period" : "fixed"));
		FaultSummary.report("kill-9 obfuscated", "postgres", report);
		assertThat(report.duplicates()).as("duplicates, e.g. %s", report.examples()).isZero();
		assertThat(report.monotonicityViolations()).as("numbers out of order").isPositive();
		assertThat(report.failures(FailureType.PERMUTATION_MISMATCH)).as("calls of the other permutation refused")
			.isPositive();
		assertThat(report.failures().keySet()).as("failure types")
			.isSubsetOf(FailureType.PERMUTATION_MISMATCH, FailureType.BACKEND_UNAVAILABLE);
	}

	/**
	 * Redis increment mode: no ID twice, each thread's IDs increasing, and no value
	 * missing from 1 up to the highest ID acknowledged but for the calls that got no
	 * reply.
	 */
	@Test
	void killedIncrementGeneratorsNeverRepeatAnId() throws Exception {
		HistoryReport report = killAtRandom("redis", "increment", INCREMENT_THREADS);
		FaultSummary.report("kill-9 increment", "redis", report);
		assertUniqueAndIncreasing(report);
		long missing = unacknowledgedUpToHighest(history("increment"));
		long unanswered = report.attempted() - report.acknowledged();
		FaultSummary.note(String.format(
				"FAULTS kill-9 increment redis      values in 1..highest acknowledged that no call acknowledged: %d, "
						+ "calls without an ID (unknown or failed): %d",
				missing, unanswered));
		assertThat(missing)
			.as("values missing below the highest acknowledged ID, at most one per call " + "without an ID")
			.isLessThanOrEqualTo(unanswered);
	}

	private HistoryReport killAtRandom(String backendName, String mode, int threads) throws Exception {
		return killAtRandom(backendName, mode, threads, (options, start) -> options);
	}

	/**
	 * Run children of a mode for {@link #DURATION}, killing one at random intervals and
	 * starting it again.
	 * @param perStart the options of each start, from the shared ones and the number of
	 * children started before
	 */
	private HistoryReport killAtRandom(String backendName, String mode, int threads,
			BiFunction<ChildOptions, Integer, ChildOptions> perStart) throws Exception {
		Path history = Files.createDirectories(history(mode));
		long seed = new Random().nextLong();
		System.out.println("kill-9 on " + backendName + ": random seed " + seed + ", logs in " + this.directory);
		Random random = new Random(seed);
		int kills = 0;
		try (SharedBackend backend = SharedBackend.open(backendName)) {
			ChildOptions options = backend.options()
				.with("mode", mode)
				.with("sequence", "kill9-" + UUID.randomUUID())
				.with("step", 100)
				.with("threads", threads)
				.with("pace", 10)
				.with("capacity", 2_000_000)
				.with("history", history);
			ChildJvm[] children = new ChildJvm[CHILDREN];
			int starts = 0;
			for (int i = 0; i < CHILDREN; i++) {
				children[i] = start(perStart.apply(options, starts++), "child" + i + "-0");
			}
			long deadline = System.nanoTime() + DURATION.toNanos();
			for (ChildJvm child : children) {
				child.awaitReady(READY_TIMEOUT);
			}
			for (long left = DURATION.toMillis(); left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
				Thread.sleep(Math.min(left,
						MIN_INTERVAL_MILLIS + random.nextLong(MAX_INTERVAL_MILLIS - MIN_INTERVAL_MILLIS)));
				checkAlive(children);
				int slot = random.nextInt(CHILDREN);
				if (children[slot].isReady()) {
					children[slot].kill();
					kills++;
					children[slot] = start(perStart.apply(options, starts++), "child" + slot + "-" + kills);
				}
			}
			for (ChildJvm child : children) {
				child.kill();
			}
		}
		HistoryReport report = HistoryChecker.checkDirectory(history);
		System.out.println("kill-9 on " + backendName + ": " + kills + " kills");
		assertThat(kills).as("kills").isPositive();
		assertThat(report.acknowledged()).isPositive();
		return report;
	}

	private Path history(String mode) {
		return this.directory.resolve("history-" + mode);
	}

	/**
	 * Count the values from 1 up to the highest ID acknowledged in a history that no call
	 * acknowledged.
	 * @param history the directory of the history files
	 * @return how many values are missing below the highest acknowledged one
	 * @throws IOException if the directory cannot be listed
	 */
	private static long unacknowledgedUpToHighest(Path history) throws IOException {
		LongStream.Builder ids = LongStream.builder();
		try (Stream<Path> files = Files.walk(history)) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				HistoryChecker.calls(file, 0).stream().filter(RecordedCall::ok).forEach((call) -> ids.add(call.id()));
			}
		}
		long[] distinct = ids.build().distinct().toArray();
		long highest = LongStream.of(distinct).max().orElse(0);
		return highest - distinct.length;
	}

	private ChildJvm start(ChildOptions options, String name) {
		return this.children.start(name, options.with("incarnation", name), Map.of(), this.directory);
	}

	private static void checkAlive(ChildJvm[] children) {
		for (ChildJvm child : children) {
			if (!child.isAlive()) {
				fail(child.name() + " exited by itself; its log:%n%s", child.log());
			}
		}
	}

}
