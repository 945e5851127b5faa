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
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store slower than demand: a database 50 ms of round trip away reserves segments of a
 * fixed 100 IDs for two generator instances, each drawn from by 32 threads that call back
 * to back for fifteen seconds, far more than the store can reserve. Most calls find no ID
 * left and wait, and most of those are woken for a segment that others use up first.
 * Every call ends within the fetch timeout (plus a loaded machine's slack) with an ID or
 * {@link BackendUnavailableException}, and no ID is handed out twice.
 */
@Tag("faults")
class OverloadScenarioTest {

	private static final Duration LATENCY = Duration.ofMillis(50);

	private static final Duration FETCH_TIMEOUT = Duration.ofMillis(500);

	/**
	 * How much longer than the fetch timeout a call may take on a loaded machine.
	 */
	private static final Duration SLACK = Duration.ofMillis(750);

	private static final SegmentSettings SETTINGS = new SegmentSettings(1, 100,
			new StepPolicy(100, 100, Duration.ofDays(1)), 0.5, FETCH_TIMEOUT);

	private static final int INSTANCES = 2;

	private static final int THREADS_PER_INSTANCE = 32;

	private static final Duration RUN = Duration.ofSeconds(15);

	@TempDir
	Path histories;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "postgresql" })
	void everyCallEndsWithinTheFetchTimeoutWhenTheStoreIsSlowerThanDemand(String backendName) throws Exception {
		String sequence = uniqueName("fnet-overload");
		try (ProxiedBackend backend = ProxiedBackend.open(backendName)) {
			List<GeneratorInstance> instances = new ArrayList<>();
			List<LongSupplier> calls = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				GeneratorInstance instance = new GeneratorInstance(backend.connect().client(), SETTINGS, sequence);
				instances.add(instance);
				instance.checkAvailable();
				calls.add(instance::next);
			}
			backend.latency(LATENCY);
			try (PacedCallers callers = new PacedCallers(this.histories, calls, THREADS_PER_INSTANCE, Duration.ZERO)) {
				Thread.sleep(RUN.toMillis());
				assertThat(callers.stop(Duration.ofSeconds(5))).as("callers ended").isTrue();
			}
			for (GeneratorInstance instance : instances) {
				instance.close();
			}
		}

		HistoryReport report = HistoryChecker.checkDirectory(this.histories);
		FaultSummary.report("overload", backendName, report);

		assertUniqueAndIncreasing(report);
		assertThat(report.unknown()).isZero();
		assertThat(report.acknowledged()).as("calls served").isPositive();
		assertThat(report.failures().keySet()).as("how calls failed").containsExactly(FailureType.BACKEND_UNAVAILABLE);
		assertThat(report.maxLatency()).as("slowest call").isLessThanOrEqualTo(FETCH_TIMEOUT.plus(SLACK));
	}

}
