package io.github.idgen.faults.network;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.data.redis.connection.RedisConnection;

import io.github.idgen.SequenceObserver;
import io.github.idgen.faults.FaultSummary;
import io.github.idgen.faults.network.ProxiedBackend.StoreClient;
import io.github.idgen.jdbc.JdbcCounterFloor;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.redis.CounterFloor;
import io.github.idgen.redis.RedisIncrementSequence;
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
 * A failover to a Redis replica that is behind, while two generator instances with four
 * callers each take IDs: a master and a replica {@code redis-server} of the test's own,
 * the replica fed through a {@link TcpProxy} that the scenario cuts, so that the replica
 * falls behind while the instances keep reserving on the master; then the master is
 * stopped, the replica promoted ({@code REPLICAOF NO ONE}) and the instances' proxies
 * redirected to it, as a failover that moves a virtual IP does, and a third instance
 * starts on it. The promoted replica's counter is behind IDs the instances handed out.
 * Every configuration the README calls safe hands out no ID twice: without a floor the
 * counter is refused ({@code failover-jump: 0}) or moved forward by the jump, with a
 * floor it is re-seeded above the floor; in segment mode and in increment mode. A sanity
 * run forges the stamp on the promoted replica, as if the change went unnoticed, and the
 * history shows the duplicates the defence prevents.
 */
@Tag("faults")
class RedisFailoverScenarioTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-failover:");

	private static final SegmentSettings SETTINGS = new SegmentSettings(1, 200,
			new StepPolicy(200, 200, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(1));

	private static final long JUMP = 1_000_000;

	private static final String FLOOR_TABLE = "idgen_failover_floor";

	private static final int INSTANCES = 2;

	private static final int THREADS_PER_INSTANCE = 4;

	private static final Duration PERIOD = Duration.ofMillis(1);

	@TempDir
	Path histories;

	@ParameterizedTest
	@EnumSource(Defence.class)
	void aFailoverToAReplicaThatIsBehindHandsOutNoIdTwice(Defence defence) throws Exception {
		Outcome outcome = failOver(defence, false);
		HistoryReport report = HistoryChecker.check(historyFiles(""));
		FaultSummary.report("failover", defence.label(), report);

		assertThat(outcome.replicaBehindBy()).as("IDs the promoted replica had not received").isPositive();
		assertUniqueAndIncreasing(report);
		assertThat(report.failures().keySet()).as("failures")
			.isSubsetOf(EnumSet.of(FailureType.COUNTER_LOST, FailureType.BACKEND_UNAVAILABLE));
		for (int i = 0; i < INSTANCES; i++) {
			if (defence.refuses()) {
				assertThat(HistoryChecker.check(historyFiles("running/instance-" + i + "-"))
					.failures(FailureType.COUNTER_LOST)).as("CounterLostExceptions of instance " + i).isPositive();
			}
		}
		if (defence.refuses()) {
			assertThat(HistoryChecker.check(historyFiles("started-after/")).failures(FailureType.COUNTER_LOST))
				.as("CounterLostExceptions of the instance started after the failover")
				.isPositive();
		}
		else {
			assertThat(outcome.lastIds()).as("an ID of every instance after the failover")
				.allSatisfy((lastId) -> assertThat(lastId.get()).isGreaterThan(outcome.failedOverAt()));
		}
	}

	@Test
	void withTheChangeUnnoticedTheSameFailoverHandsOutIdsTwice() throws Exception {
		Outcome outcome = failOver(Defence.SEGMENT_JUMP, true);
		HistoryReport report = HistoryChecker.check(historyFiles(""));
		System.out.println("failover sanity run, stamp forged on the promoted replica: " + report.duplicates()
				+ " duplicates, replica behind by " + outcome.replicaBehindBy() + " IDs");
		assertThat(report.duplicates()).as("duplicates when the change goes unnoticed").isPositive();
	}

	/**
	 * A failback to a former master that resynced: the replica is cut off and promoted
	 * while the instances go on reserving on the old master, whose IDs the promoted
	 * replica never receives; those instances go away (pods replaced), the old master
	 * rejoins as the promoted one's replica and resyncs, losing them, and the operators
	 * fail back to it, whose run id is unchanged; new instances start on it. Every
	 * configuration the README calls safe hands out no ID twice.
	 */
	@ParameterizedTest
	@EnumSource(Defence.class)
	void aFailbackToAFormerMasterThatResyncedHandsOutNoIdTwice(Defence defence) throws Exception {
		long lost = failBack(defence, false);
		HistoryReport report = HistoryChecker.check(historyFiles("failback/"));
		FaultSummary.report("failback", defence.label(), report);

		assertThat(lost).as("IDs reserved on the old master that its resync lost").isPositive();
		assertUniqueAndIncreasing(report);
		assertThat(report.failures().keySet()).as("failures")
			.isSubsetOf(EnumSet.of(FailureType.COUNTER_LOST, FailureType.BACKEND_UNAVAILABLE));
		HistoryReport after = HistoryChecker.check(historyFiles("failback/started-after/"));
		if (defence.refuses()) {
			assertThat(after.failures(FailureType.COUNTER_LOST)).as("CounterLostExceptions after the failback")
				.isPositive();
		}
		else {
			assertThat(after.acknowledged()).as("IDs handed out after the failback").isPositive();
		}
	}

	@Test
	void withTheFailbackUnnoticedTheSameScheduleHandsOutIdsTwice() throws Exception {
		long lost = failBack(Defence.SEGMENT_JUMP, true);
		HistoryReport report = HistoryChecker.check(historyFiles("failback/"));
		System.out.println("failback sanity run, stamp forged on the failed-back master: " + report.duplicates()
				+ " duplicates, " + lost + " IDs lost by the resync");
		assertThat(report.duplicates()).as("duplicates when the failback goes unnoticed").isPositive();
	}

	/**
	 * Play the failback and return how many IDs of the sequence the old master's resync
	 * lost.
	 */
	private long failBack(Defence defence, boolean forgeStamp) throws Exception {
		String sequence = uniqueName("failback");
		List<AutoCloseable> closeables = new ArrayList<>();
		try (RedisServerProcess master = RedisServerProcess.start();
				RedisServerProcess replica = RedisServerProcess.start();
				TcpProxy replication = TcpProxy.start("127.0.0.1", master.port())) {
			replicateThrough(replica, replication, master);
			HikariDataSource floorPool = defence.hasFloor() ? floorPool() : null;
			if (floorPool != null) {
				closeables.add(floorPool);
			}
			List<AutoCloseable> cutOff = new ArrayList<>();
			List<LongSupplier> calls = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				calls.add(instance(defence, sequence, master.port(), floorPool, cutOff, new ArrayList<>()));
			}
			long lost;
			try (PacedCallers callers = new PacedCallers(
					Files.createDirectories(this.histories.resolve("failback/cut-off")), calls, THREADS_PER_INSTANCE,
					PERIOD)) {
				Thread.sleep(1000);
				replica.awaitReplicated(master);
				replication.cut();
				replica.promote();
				Thread.sleep(1000);
				assertThat(callers.stop(Duration.ofSeconds(5))).as("callers of the cut-off instances ended").isTrue();
			}
			finally {
				for (AutoCloseable instance : cutOff) {
					instance.close();
				}
			}
			lost = counter(master, sequence) - counter(replica, sequence);
			master.replicate(replica);
			master.promote();
			replica.replicate(master);
			if (forgeStamp) {
				Properties replicationInfo = master.info("replication");
				master.template()
					.opsForValue()
					.set(KEYS.stamp(sequence),
							master.info("server").getProperty("run_id") + ":"
									+ replicationInfo.getProperty("master_replid") + ":"
									+ replicationInfo.getProperty("repl_backlog_active") + ":0");
			}
			List<LongSupplier> late = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				late.add(instance(defence, sequence, master.port(), floorPool, closeables, new ArrayList<>()));
			}
			try (PacedCallers lateCallers = new PacedCallers(
					Files.createDirectories(this.histories.resolve("failback/started-after")), late,
					THREADS_PER_INSTANCE, PERIOD)) {
				Thread.sleep(2000);
				assertThat(lateCallers.stop(Duration.ofSeconds(5))).as("callers started after the failback ended")
					.isTrue();
			}
			return lost;
		}
		finally {
			for (AutoCloseable closeable : closeables) {
				closeable.close();
			}
		}
	}

	private Outcome failOver(Defence defence, boolean forgeStamp) throws Exception {
		String sequence = uniqueName("failover");
		List<AutoCloseable> closeables = new ArrayList<>();
		try (RedisServerProcess master = RedisServerProcess.start();
				RedisServerProcess replica = RedisServerProcess.start();
				TcpProxy replication = TcpProxy.start("127.0.0.1", master.port())) {
			replicateThrough(replica, replication, master);
			HikariDataSource floorPool = defence.hasFloor() ? floorPool() : null;
			if (floorPool != null) {
				closeables.add(floorPool);
			}
			List<TcpProxy> proxies = new ArrayList<>();
			List<LongAccumulator> lastIds = new ArrayList<>();
			List<LongSupplier> calls = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				TcpProxy proxy = TcpProxy.start("127.0.0.1", master.port());
				proxies.add(proxy);
				closeables.add(proxy);
				calls.add(instance(defence, sequence, proxy.port(), floorPool, closeables, lastIds));
			}
			long behindBy;
			long failedOverAt;
			try (PacedCallers callers = new PacedCallers(Files.createDirectories(this.histories.resolve("running")),
					calls, THREADS_PER_INSTANCE, PERIOD)) {
				Thread.sleep(1000);
				replica.awaitReplicated(master);
				replication.cut();
				Thread.sleep(1000);
				long masterCounter = counter(master, sequence);
				master.stop();
				replica.promote();
				behindBy = masterCounter - counter(replica, sequence);
				if (forgeStamp) {
					replica.template()
						.opsForValue()
						.set(KEYS.stamp(sequence), replica.info("server").getProperty("run_id"));
				}
				proxies.forEach((proxy) -> proxy.redirect("127.0.0.1", replica.port()));
				failedOverAt = System.nanoTime();
				LongSupplier late = instance(defence, sequence, replica.port(), floorPool, closeables, lastIds);
				try (PacedCallers lateCallers = new PacedCallers(
						Files.createDirectories(this.histories.resolve("started-after")), List.of(late),
						THREADS_PER_INSTANCE, PERIOD)) {
					Thread.sleep(2000);
					assertThat(lateCallers.stop(Duration.ofSeconds(5))).as("callers of the late instance ended")
						.isTrue();
				}
				assertThat(callers.stop(Duration.ofSeconds(5))).as("callers ended").isTrue();
			}
			return new Outcome(behindBy, failedOverAt, lastIds);
		}
		finally {
			for (AutoCloseable closeable : closeables) {
				closeable.close();
			}
		}
	}

	/**
	 * Create a generator instance on a client of its own and return its call, which
	 * records in {@code lastIds} when it last returned an ID.
	 */
	private static LongSupplier instance(Defence defence, String sequence, int port, HikariDataSource floorPool,
			List<AutoCloseable> closeables, List<LongAccumulator> lastIds) {
		FastFailingRedis redis = FastFailingRedis.connect("127.0.0.1", port);
		CounterFloor floor = (floorPool != null) ? new JdbcCounterFloor(floorPool, FLOOR_TABLE) : null;
		RedisSegmentStore store = new RedisSegmentStore(redis.connectionFactory(), KEYS, floor, defence.jump(),
				SequenceObserver.NONE);
		LongSupplier next;
		if (defence.increment()) {
			RedisIncrementSequence increment = new RedisIncrementSequence(store, sequence, 1);
			closeables.add(redis);
			next = increment::next;
		}
		else {
			GeneratorInstance instance = new GeneratorInstance(new StoreClient(store, redis), SETTINGS, sequence);
			closeables.add(instance);
			next = instance::next;
		}
		LongAccumulator lastId = new LongAccumulator(Math::max, Long.MIN_VALUE);
		lastIds.add(lastId);
		return () -> {
			long id = next.getAsLong();
			lastId.accumulate(System.nanoTime());
			return id;
		};
	}

	private static void replicateThrough(RedisServerProcess replica, TcpProxy proxy, RedisServerProcess master) {
		try (RedisConnection connection = replica.connectionFactory().getConnection()) {
			connection.serverCommands().replicaOf(proxy.host(), proxy.port());
		}
		replica.awaitReplicated(master);
	}

	private static long counter(RedisServerProcess server, String sequence) {
		String counter = server.template().opsForValue().get(KEYS.counter(sequence));
		return (counter != null) ? Long.parseLong(counter) : 0;
	}

	private static HikariDataSource floorPool() {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl("jdbc:h2:mem:idgen-failover-floor-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		config.setMaximumPoolSize(4);
		HikariDataSource pool = new HikariDataSource(config);
		new JdbcSegmentSchema(pool, FLOOR_TABLE).createIfMissing();
		return pool;
	}

	/**
	 * Return the history files whose path below the histories directory starts with the
	 * given prefix.
	 */
	private List<Path> historyFiles(String prefix) throws Exception {
		try (Stream<Path> files = Files.walk(this.histories)) {
			return files.filter(Files::isRegularFile)
				.filter((file) -> this.histories.relativize(file).toString().startsWith(prefix))
				.toList();
		}
	}

	/**
	 * How the instances meet a counter last reserved on another server.
	 */
	enum Defence {

		SEGMENT_REFUSE(false, 0, false), SEGMENT_JUMP(false, JUMP, false), SEGMENT_FLOOR(false, 0, true),
		INCREMENT_REFUSE(true, 0, false), INCREMENT_JUMP(true, JUMP, false);

		private final boolean increment;

		private final long jump;

		private final boolean floor;

		Defence(boolean increment, long jump, boolean floor) {
			this.increment = increment;
			this.jump = jump;
			this.floor = floor;
		}

		boolean increment() {
			return this.increment;
		}

		long jump() {
			return this.jump;
		}

		boolean hasFloor() {
			return this.floor;
		}

		boolean refuses() {
			return this.jump == 0 && !this.floor;
		}

		String label() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

	}

	/**
	 * What a failover run left to check besides the history.
	 *
	 * @param replicaBehindBy how many IDs the promoted replica's counter was behind the
	 * stopped master's
	 * @param failedOverAt when the instances were redirected to the promoted replica, on
	 * the monotonic clock
	 * @param lastIds when each instance last handed out an ID, on the monotonic clock
	 */
	private record Outcome(long replicaBehindBy, long failedOverAt, List<LongAccumulator> lastIds) {

	}

}
