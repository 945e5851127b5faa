package io.github.idgen.faults.network;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A backend 50 ms of round trip away: after a warm-up, two generator instances with four
 * callers each take IDs at a steady rate for ten seconds, and no caller waits for a
 * segment, because each is fetched in the background long before the current one runs
 * out.
 * <p>
 * The step policy aims at segments of a quarter to half a second, so that each instance
 * fetches 20 to 40 times during the steady phase. If callers waited for those fetches,
 * every one would hold up the four callers of its instance for at least 50 ms: well over
 * 0.1 % of the calls, which the p99.9 bound catches.
 */
@Tag("faults")
class LatencyScenarioTest {

	private static final Duration LATENCY = Duration.ofMillis(50);

	/**
	 * The bound on the p99.9 caller latency: an order of magnitude below the round trip,
	 * with room for a loaded machine's scheduling hiccups.
	 */
	private static final Duration MAX_P999 = Duration.ofMillis(5);

	private static final SegmentSettings SETTINGS = new SegmentSettings(1, 200,
			new StepPolicy(200, 100_000, Duration.ofMillis(250)), 0.1, Duration.ofSeconds(2));

	private static final int INSTANCES = 2;

	private static final int THREADS_PER_INSTANCE = 4;

	private static final Duration PERIOD = Duration.ofMillis(1);

	@TempDir
	Path histories;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "h2", "postgresql", "mariadb", "redis", "mongo" })
	void steadyCallersNeverWaitForASlowBackend(String backendName) throws Exception {
		String sequence = uniqueName("fnet-latency");
		Path warmUp = Files.createDirectory(this.histories.resolve("warm-up"));
		Path steady = Files.createDirectory(this.histories.resolve("steady"));
		Duration checkWithLatency;
		try (ProxiedBackend backend = ProxiedBackend.open(backendName)) {
			List<GeneratorInstance> instances = new ArrayList<>();
			List<LongSupplier> calls = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				GeneratorInstance instance = new GeneratorInstance(backend.connect().client(), SETTINGS, sequence);
				instances.add(instance);
				calls.add(instance::next);
			}
			backend.latency(LATENCY);
			long started = System.nanoTime();
			instances.get(0).checkAvailable();
			checkWithLatency = Duration.ofNanos(System.nanoTime() - started);

			run(warmUp, calls, Duration.ofSeconds(3));
			run(steady, calls, Duration.ofSeconds(10));
			for (GeneratorInstance instance : instances) {
				instance.close();
			}
		}

		HistoryReport report = HistoryChecker.checkDirectory(steady);
		HistoryReport all = HistoryChecker.checkDirectory(this.histories);
		FaultSummary.report("latency", backendName, report);

		assertThat(checkWithLatency).as("a health check through the slow proxy").isGreaterThanOrEqualTo(LATENCY);
		assertUniqueAndIncreasing(all);
		assertThat(report.unknown()).isZero();
		assertThat(report.failures()).as("failed calls").isEmpty();
		assertThat(report.p999Latency()).as("p99.9 caller latency").isLessThan(MAX_P999);
	}

	private static void run(Path directory, List<LongSupplier> calls, Duration duration) throws InterruptedException {
		try (PacedCallers callers = new PacedCallers(directory, calls, THREADS_PER_INSTANCE, PERIOD)) {
			Thread.sleep(duration.toMillis());
			assertThat(callers.stop(Duration.ofSeconds(5))).as("callers ended").isTrue();
		}
	}

}
