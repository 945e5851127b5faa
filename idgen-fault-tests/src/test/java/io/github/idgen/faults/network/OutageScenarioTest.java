package io.github.idgen.faults.network;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.faults.FaultSummary;
import io.github.idgen.faults.network.ProxiedBackend.ProxiedStore;
import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A backend cut off for ten seconds while two generator instances, four callers each,
 * take IDs: the callers are served from buffered segments until those run out, then fail
 * within the fetch timeout with {@link BackendUnavailableException} (no hang), the health
 * check fails, no threads pile up, and within a second of the restore IDs flow again
 * (within a second of the first new connection for JDBC, whose pool may take longer to
 * open one), none of them twice. Configuration {@value #REDIS_INCREMENT} is Redis in
 * increment mode ({@link RedisIncrementSequence}), which buffers nothing: its callers
 * fail from the cut on, within the client's command timeout, which is as long as the
 * fetch timeout, and the rest holds as for segments.
 */
@Tag("faults")
class OutageScenarioTest {

	private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(1);

	/**
	 * How much longer than the fetch timeout a failing call may take on a loaded machine.
	 */
	private static final Duration SLACK = Duration.ofMillis(750);

	/**
	 * How soon after the restore an instance hands out IDs again; for a JDBC backend, how
	 * soon after its pool first connected again.
	 */
	private static final Duration MAX_RECOVERY = Duration.ofSeconds(1);

	/**
	 * How soon after the restore an instance on a JDBC backend hands out IDs again:
	 * HikariCP may open its first connection up to five seconds after the database is
	 * back (see {@link ProxiedJdbc}), and the engine then has {@link #MAX_RECOVERY}.
	 */
	private static final Duration MAX_JDBC_RECOVERY = Duration.ofSeconds(5).plus(MAX_RECOVERY);

	private static final Duration CUT = Duration.ofSeconds(10);

	/**
	 * Segments of 500 to 2,000 IDs at about 4,000 IDs a second per instance: at most a
	 * second of IDs is buffered when the backend is cut off.
	 */
	private static final SegmentSettings SETTINGS = new SegmentSettings(1, 500,
			new StepPolicy(500, 2000, Duration.ofMillis(500)), 0.1, FETCH_TIMEOUT);

	private static final int INSTANCES = 2;

	private static final int THREADS_PER_INSTANCE = 4;

	private static final Duration PERIOD = Duration.ofMillis(1);

	/**
	 * The configuration that serves the sequence from Redis in increment mode.
	 */
	private static final String REDIS_INCREMENT = "redis-increment";

	@TempDir
	Path histories;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "h2", "postgresql", "mariadb", "redis", REDIS_INCREMENT, "mongo" })
	void callersFailFastDuringAnOutageAndRecoverWithinASecond(String configuration) throws Exception {
		boolean increment = configuration.equals(REDIS_INCREMENT);
		String backendName = increment ? "redis" : configuration;
		LiveThreads before = LiveThreads.now();
		long fetchThreadsBefore = LiveThreads.named("idgen-fetch-");
		String sequence = uniqueName("fnet-outage");
		List<OutageTimeline.Instance> timelines = new ArrayList<>();
		List<Duration> reconnects = new ArrayList<>();
		try (ProxiedBackend backend = ProxiedBackend.open(backendName)) {
			OutageTimeline outage = new OutageTimeline(backend);
			List<TcpProxy> proxies = new ArrayList<>();
			List<GeneratorInstance> instances = new ArrayList<>();
			List<LongSupplier> calls = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				ProxiedStore store = backend.connect();
				proxies.add(store.proxy());
				GeneratorInstance instance = increment
						? GeneratorInstance.increment(store.client(), sequence, FETCH_TIMEOUT)
						: new GeneratorInstance(store.client(), SETTINGS, sequence);
				instances.add(instance);
				instance.checkAvailable();
				OutageTimeline.Instance timeline = outage.instance(instance::next);
				timelines.add(timeline);
				calls.add(timeline.call());
			}
			try (PacedCallers callers = new PacedCallers(this.histories, calls, THREADS_PER_INSTANCE, PERIOD)) {
				Thread.sleep(1500);

				outage.cut();
				Thread.sleep(3000);
				for (GeneratorInstance instance : instances) {
					long started = System.nanoTime();
					assertThatExceptionOfType(BackendUnavailableException.class).as("health during the cut")
						.isThrownBy(instance::checkAvailable);
					assertThat(Duration.ofNanos(System.nanoTime() - started)).as("health check during the cut")
						.isLessThanOrEqualTo(Duration.ofSeconds(3));
				}
				Thread.sleep(CUT.toMillis() - 3000);
				assertThat(LiveThreads.named("idgen-fetch-") - fetchThreadsBefore)
					.as("fetch threads during the cut, at most the bound of each instance")
					.isLessThanOrEqualTo((long) INSTANCES * SegmentSequences.MAX_FETCH_THREADS);
				outage.restore();

				waitForRecovery(timelines);
				proxies.forEach((proxy) -> reconnects.add(proxy.firstConnectionAfterRestore()));
				Thread.sleep(1000);
				assertThat(callers.stop(Duration.ofSeconds(5))).as("callers ended").isTrue();
			}
			for (GeneratorInstance instance : instances) {
				instance.checkAvailable();
				instance.close();
			}
			assertThat(LiveThreads.awaitNamed("idgen-fetch-", fetchThreadsBefore, Duration.ofSeconds(1)))
				.as("fetch threads a second after close")
				.isEqualTo(fetchThreadsBefore);
		}
		List<String> leftBehind = before.startedSinceAndAlive(Duration.ofSeconds(5));

		HistoryReport report = HistoryChecker.checkDirectory(this.histories);
		FaultSummary.report("outage", configuration, report);
		List<Duration> recoveries = timelines.stream().map(OutageTimeline.Instance::recovery).toList();
		System.out.println("FAULTS outage       " + configuration + " per instance: first ID after the restore "
				+ recoveries + ", first connection after the restore " + reconnects
				+ (increment ? ", IDs during the cut (replies under way) "
						: ", IDs from buffered segments during the cut ")
				+ timelines.stream().map(OutageTimeline.Instance::idsDuringCut).toList());

		assertUniqueAndIncreasing(report);
		assertThat(report.unknown()).isZero();
		assertThat(report.failures().keySet()).containsExactly(FailureType.BACKEND_UNAVAILABLE);
		assertThat(report.maxLatency()).as("slowest call").isLessThanOrEqualTo(FETCH_TIMEOUT.plus(SLACK));
		boolean jdbc = ProxiedBackend.isJdbc(backendName);
		for (int i = 0; i < INSTANCES; i++) {
			OutageTimeline.Instance timeline = timelines.get(i);
			assertThat(timeline.failedBeforeCut()).as("a call failed before the cut").isFalse();
			if (!increment) {
				assertThat(timeline.idsDuringCut()).as("IDs from buffered segments during the cut").isPositive();
				assertThat(timeline.failedOnlyAfterBufferRanOut()).as("callers failed only after the buffer ran out")
					.isTrue();
			}
			Duration recovery = timeline.recovery();
			assertThat(recovery).as("first ID after the restore")
				.isNotNull()
				.isLessThanOrEqualTo(jdbc ? MAX_JDBC_RECOVERY : MAX_RECOVERY);
			if (jdbc) {
				assertThat(reconnects.get(i)).as("first connection after the restore").isNotNull();
				assertThat(recovery.minus(reconnects.get(i))).as("first ID after the pool's first connection")
					.isLessThanOrEqualTo(MAX_RECOVERY);
			}
		}
		assertThat(leftBehind).as("threads left behind").isEmpty();
	}

	private static void waitForRecovery(List<OutageTimeline.Instance> timelines) throws InterruptedException {
		long deadline = System.nanoTime() + MAX_JDBC_RECOVERY.plus(MAX_RECOVERY).toNanos();
		while (timelines.stream().anyMatch((timeline) -> timeline.recovery() == null) && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
	}

}
