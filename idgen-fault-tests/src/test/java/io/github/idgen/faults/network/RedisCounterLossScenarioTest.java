package io.github.idgen.faults.network;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.faults.network.ProxiedBackend.StoreClient;
import io.github.idgen.jdbc.JdbcCounterFloor;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.redis.CounterFloor;
import io.github.idgen.redis.RedisKeys;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.RedisServerProcess;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis without persistence restarted, losing every counter, while two generator
 * instances with four callers each take IDs from it: without a floor the counter-loss
 * guard trips, the instances hand out what they had reserved and then refuse to count
 * again from the start (the counter is not even created anew); with a JDBC floor (what
 * {@code idgen.redis.floor-source: jdbc} configures) the counter is re-seeded above every
 * ID handed out and generation goes on. Neither hands out an ID twice.
 */
@Tag("faults")
class RedisCounterLossScenarioTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-fnet-loss:");

	private static final SegmentSettings SETTINGS = new SegmentSettings(1, 500,
			new StepPolicy(500, 500, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(1));

	private static final String FLOOR_TABLE = "idgen_fnet_floor";

	private static final int INSTANCES = 2;

	private static final int THREADS_PER_INSTANCE = 4;

	private static final Duration PERIOD = Duration.ofMillis(1);

	@TempDir
	Path histories;

	@Test
	void withoutAFloorTheGuardTripsAndNoIdIsHandedOutTwice() throws Exception {
		String sequence = uniqueName("fnet-loss");
		List<RedisSegmentStore> stores = new ArrayList<>();
		try (RedisServerProcess server = RedisServerProcess.start()) {
			List<GeneratorInstance> instances = new ArrayList<>();
			List<LongSupplier> calls = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				FastFailingRedis redis = FastFailingRedis.connect("127.0.0.1", server.port());
				RedisSegmentStore store = new RedisSegmentStore(redis.connectionFactory(), KEYS);
				stores.add(store);
				GeneratorInstance instance = new GeneratorInstance(new StoreClient(store, redis), SETTINGS, sequence);
				instances.add(instance);
				instance.checkAvailable();
				calls.add(instance::next);
			}
			try (PacedCallers callers = new PacedCallers(this.histories, calls, THREADS_PER_INSTANCE, PERIOD)) {
				Thread.sleep(1500);
				server.restart();
				Thread.sleep(2500);
				assertThat(callers.stop(Duration.ofSeconds(5))).as("callers ended").isTrue();
			}
			for (GeneratorInstance instance : instances) {
				instance.close();
			}
			assertThat(server.template().hasKey(KEYS.counter(sequence))).as("a counter created anew after the loss")
				.isFalse();
		}

		HistoryReport report = HistoryChecker.checkDirectory(this.histories);
		FaultSummary.report("redis-loss", "guard", report);

		assertUniqueAndIncreasing(report);
		assertThat(report.failures().keySet()).as("failures")
			.isSubsetOf(EnumSet.of(FailureType.COUNTER_LOST, FailureType.BACKEND_UNAVAILABLE));
		for (int i = 0; i < INSTANCES; i++) {
			assertThat(stores.get(i).trippedGuards()).as("tripped guards of instance " + i).containsKey(sequence);
			assertThat(instanceReport(i).failures(FailureType.COUNTER_LOST))
				.as("CounterLostExceptions of instance " + i)
				.isPositive();
		}
	}

	@Test
	void withAJdbcFloorTheCounterIsReseededAndGenerationGoesOn() throws Exception {
		String sequence = uniqueName("fnet-loss");
		String floorUrl = "jdbc:h2:mem:idgen-fnet-floor-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		List<RedisSegmentStore> stores = new ArrayList<>();
		List<LongAccumulator> lastIds = new ArrayList<>();
		long lastRestart;
		try (RedisServerProcess server = RedisServerProcess.start()) {
			List<GeneratorInstance> instances = new ArrayList<>();
			List<LongSupplier> calls = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				FastFailingRedis redis = FastFailingRedis.connect("127.0.0.1", server.port());
				HikariDataSource floorPool = floorPool(floorUrl);
				CounterFloor floor = new JdbcCounterFloor(floorPool, FLOOR_TABLE);
				RedisSegmentStore store = new RedisSegmentStore(redis.connectionFactory(), KEYS, floor);
				stores.add(store);
				GeneratorInstance instance = new GeneratorInstance(new StoreClient(store, () -> {
					redis.close();
					floorPool.close();
				}), SETTINGS, sequence);
				instances.add(instance);
				instance.checkAvailable();
				LongAccumulator lastId = new LongAccumulator(Math::max, Long.MIN_VALUE);
				lastIds.add(lastId);
				calls.add(() -> {
					long id = instance.next();
					lastId.accumulate(System.nanoTime());
					return id;
				});
			}
			try (PacedCallers callers = new PacedCallers(this.histories, calls, THREADS_PER_INSTANCE, PERIOD)) {
				Thread.sleep(1000);
				server.restart();
				Thread.sleep(1000);
				server.restart();
				lastRestart = System.nanoTime();
				Thread.sleep(1500);
				assertThat(callers.stop(Duration.ofSeconds(5))).as("callers ended").isTrue();
			}
			for (GeneratorInstance instance : instances) {
				instance.close();
			}
		}

		HistoryReport report = HistoryChecker.checkDirectory(this.histories);
		FaultSummary.report("redis-loss", "floor", report);

		assertUniqueAndIncreasing(report);
		assertThat(report.failures(FailureType.COUNTER_LOST)).as("CounterLostExceptions").isZero();
		for (int i = 0; i < INSTANCES; i++) {
			assertThat(stores.get(i).trippedGuards()).as("tripped guards of instance " + i).isEmpty();
			assertThat(lastIds.get(i).get()).as("an ID of instance " + i + " after the last restart")
				.isGreaterThan(lastRestart);
		}
	}

	private HikariDataSource floorPool(String url) {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(url);
		config.setMaximumPoolSize(2);
		HikariDataSource pool = new HikariDataSource(config);
		new JdbcSegmentSchema(pool, FLOOR_TABLE).createIfMissing();
		return pool;
	}

	private HistoryReport instanceReport(int instance) throws Exception {
		try (Stream<Path> files = Files.list(this.histories)) {
			return HistoryChecker
				.check(files.filter((file) -> file.getFileName().toString().startsWith("instance-" + instance + "-"))
					.toList());
		}
	}

}
