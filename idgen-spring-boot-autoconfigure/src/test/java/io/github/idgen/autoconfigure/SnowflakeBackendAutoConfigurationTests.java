package io.github.idgen.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.zip.CRC32;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.InMemoryWorkerLeaseStore;
import io.github.idgen.worker.WorkerLeaseStore;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeSequence;
import io.github.idgen.snowflake.StateFileWorker;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the snowflake backend of {@link IdGeneratorAutoConfiguration}.
 */
class SnowflakeBackendAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(IdGeneratorHealthContributorAutoConfiguration.class))
		.withPropertyValues("idgen.backend=snowflake");

	@TempDir
	Path directory;

	@ParameterizedTest
	@ValueSource(strings = { "static", "state-file", "leased" })
	void everyKindOfWorkerTakesItsTimeFromTheClockNamedIdgenClock(String kind) {
		Clock ahead = Clock.offset(Clock.systemUTC(), Duration.ofDays(30));
		ApplicationContextRunner runner = this.runner.withBean(IdGeneratorAutoConfiguration.CLOCK, Clock.class,
				() -> ahead);
		runner = switch (kind) {
			case "static" -> runner.withPropertyValues("idgen.snowflake.worker-id=1");
			case "state-file" -> runner.withPropertyValues("idgen.snowflake.worker-id=1",
					"idgen.snowflake.state-file=" + this.directory.resolve("clock.state"));
			default -> runner.withBean(DataSource.class, TestBackends::h2)
				.withPropertyValues("idgen.snowflake.worker-id-source=jdbc", "idgen.jdbc.initialize-schema=always");
		};
		runner.run((context) -> {
			long id = context.getBean(IdGenerator.class).nextId("order");
			Instant time = Instant.ofEpochMilli(context.getBean(BitLayout.class).timestampMillis(id));
			assertThat(time).isAfter(Instant.now().plus(Duration.ofDays(29)));
		});
	}

	@Test
	void misspelledWorkerIdSourceFailsAtStartupWhereverSnowflakeIsUsed() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean(DataSource.class, TestBackends::h2)
			.withPropertyValues("idgen.backend=jdbc", "idgen.snowflake.worker-id-source=kuberentes")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("'kuberentes' is not a source of worker IDs")
					.hasMessageContaining("kubernetes");
			});
	}

	@Test
	void workerIdSourceIsReadInAnyCaseAndWithoutSurroundingBlanks() {
		this.runner.withPropertyValues("idgen.snowflake.worker-id=3", "idgen.snowflake.worker-id-source= Static ")
			.run((context) -> assertThat(
					BitLayout.standard().decode(context.getBean(IdGenerator.class).nextId("order")).worker())
				.isEqualTo(3));
	}

	@Test
	void servesEverySequenceFromOneGeneratorWithTheConfiguredWorker() {
		this.runner.withPropertyValues("idgen.snowflake.worker-id=7").run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			long order = ids.nextId("order");
			long invoice = ids.nextId("invoice");
			assertThat(invoice).isGreaterThan(order);
			SnowflakeId decoded = BitLayout.standard().decode(order);
			assertThat(decoded.worker()).isEqualTo(7);
			assertThat(ids.sequence("order")).isInstanceOf(SnowflakeSequence.class);
			assertThat(context.getBean(IdGeneratorHealthIndicator.class).health().getStatus()).isEqualTo(Status.UP);
		});
	}

	@Test
	@SuppressWarnings("unchecked")
	void javascriptSafePresetKeepsIdsBelowTwoToThe53() {
		this.runner.withPropertyValues("idgen.snowflake.preset=javascript-safe", "idgen.snowflake.worker-id=31")
			.run((context) -> {
				long[] ids = context.getBean(IdGenerator.class).nextIds("order", 1000);
				assertThat(Arrays.stream(ids).max().getAsLong()).isLessThan(1L << 53);
				Map<String, Object> sequences = (Map<String, Object>) context.getBean(IdGeneratorHealthIndicator.class)
					.health()
					.getDetails()
					.get("sequences");
				assertThat((Map<String, Object>) sequences.get("order")).containsEntry("worker", 31);
			});
	}

	@Test
	@SuppressWarnings("unchecked")
	void leasesDistinctWorkerIdsFromTheApplicationsDatabase() {
		DataSource shared = TestBackends.h2();
		ApplicationContextRunner instance = this.runner
			.withBean(DataSource.class, () -> new DelegatingDataSource(shared))
			.withPropertyValues("idgen.jdbc.initialize-schema=always", "idgen.snowflake.timestamp-bits=41",
					"idgen.snowflake.worker-bits=1", "idgen.snowflake.sequence-bits=21");
		instance.run((first) -> instance.run((second) -> {
			long firstId = first.getBean(IdGenerator.class).nextId("order");
			long secondId = second.getBean(IdGenerator.class).nextId("order");
			BitLayout layout = new BitLayout(BitLayout.DEFAULT_EPOCH, 41, 0, 1, 21);
			assertThat(layout.decode(firstId).worker()).isNotEqualTo(layout.decode(secondId).worker());
			Map<String, Object> order = (Map<String, Object>) ((Map<String, Object>) first
				.getBean(IdGeneratorHealthIndicator.class)
				.health()
				.getDetails()
				.get("sequences")).get("order");
			assertThat(order).containsEntry("leaseValid", true);
			instance.run((third) -> assertThat(invalidProperty(third, "idgen.snowflake.worker-bits").getReason())
				.contains("2 instances hold live leases")
				.contains("1 worker bits"));
		}));
		instance.run((afterRelease) -> assertThat(afterRelease.getBean(IdGenerator.class).nextId()).isPositive());
	}

	@Test
	void leasesFromRedisWhenItIsTheStore() {
		LettuceConnectionFactory redis = TestBackends.redis();
		String prefix = "idgen-test-" + UUID.randomUUID() + ":";
		this.runner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.host=" + redis.getHostName(),
					"spring.data.redis.port=" + redis.getPort(), "idgen.redis.key-prefix=" + prefix)
			.run((context) -> {
				long id = context.getBean(IdGenerator.class).nextId("order");
				int worker = BitLayout.standard().decode(id).worker();
				assertThat(new StringRedisTemplate(redis).opsForValue().get(prefix + "worker:{" + worker + "}"))
					.isNotNull();
			});
	}

	@Test
	void leasesFromTheApplicationsOwnLeaseStoreWhenItHasOne() {
		InMemoryWorkerLeaseStore store = new InMemoryWorkerLeaseStore();
		this.runner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withBean(WorkerLeaseStore.class, () -> store)
			.run((context) -> {
				long id = context.getBean(IdGenerator.class).nextId("order");
				assertThat(store.countLive()).as("leases in the application's store, not the database's").isOne();
				assertThat(id).isPositive();
			});
	}

	@Test
	void leasedWorkerRejectsDatacenterIdOutsideTheLayout() {
		this.runner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.snowflake.datacenter-id=1")
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.datacenter-id").getReason())
				.contains("from 0 to 0"));
	}

	@Test
	void redisLeaseRejectsInvalidKeyPrefix() {
		this.runner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("idgen.redis.key-prefix=a{b")
			.run((context) -> assertThat(invalidProperty(context, "idgen.redis.key-prefix").getValue())
				.isEqualTo("a{b"));
	}

	@Test
	void failsNamingWorkerIdSourceWhenSeveralStoresCouldLease() {
		this.runner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withBean(MongoTemplate.class, TestBackends::mongo)
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.worker-id-source").getReason())
				.contains("(jdbc, mongo)"));
	}

	@Test
	void isNeverChosenWithoutIdgenBackend() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withPropertyValues("idgen.snowflake.worker-id=1")
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getReason())
				.contains("idgen.backend=snowflake"));
	}

	@Test
	void rejectsInvalidSnowflakeProperties() {
		this.runner.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.worker-id").getReason())
			.contains("no store to lease one from"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1024")
			.run((context) -> invalidProperty(context, "idgen.snowflake.worker-id"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1", "idgen.snowflake.sequence-bits=13")
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake").getReason()).contains("64"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1", "idgen.snowflake.epoch=2999-01-01T00:00:00Z")
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake").getReason()).contains("future"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1", "idgen.sequences.order.max-value=10")
			.run((context) -> invalidProperty(context, "idgen.sequences.order.max-value"));
	}

	@Test
	void aStaticWorkerKeepsItsHorizonInTheStateFileAndItsLastMillisecondOnShutdown() throws IOException {
		Path stateFile = this.directory.resolve("idgen-snowflake.state");
		long[] last = new long[1];
		ApplicationContextRunner instance = this.runner.withPropertyValues("idgen.snowflake.worker-id=7",
				"idgen.snowflake.state-file=" + stateFile);
		instance.run((context) -> {
			long before = System.currentTimeMillis();
			last[0] = context.getBean(IdGenerator.class).nextId("order");
			assertThat(lastTimestamp(stateFile))
				.isGreaterThanOrEqualTo(before + StateFileWorker.HORIZON.toMillis() - 1_000);
			assertThat(Files.readString(stateFile)).contains("worker 0/7", "written-by renewal");
			assertThat(context.getBean(IdGeneratorHealthIndicator.class).health().getStatus()).isEqualTo(Status.UP);
		});
		assertThat(Files.readString(stateFile)).contains("written-by shutdown");
		assertThat(lastTimestamp(stateFile)).isEqualTo(BitLayout.standard().timestampMillis(last[0]));
		instance.run(
				(restarted) -> assertThat(restarted.getBean(IdGenerator.class).nextId("order")).isGreaterThan(last[0]));
	}

	@Test
	void healthIsDownWhileTheStateFileCannotBeRenewed() {
		Path stateFile = this.directory.resolve("idgen-snowflake.state");
		this.runner.withPropertyValues("idgen.snowflake.worker-id=7", "idgen.snowflake.state-file=" + stateFile)
			.run((context) -> {
				IdGeneratorHealthIndicator health = context.getBean(IdGeneratorHealthIndicator.class);
				Path blocker = Files.createDirectory(this.directory.resolve("idgen-snowflake.state.tmp"));
				awaitHealth(health, Status.DOWN);
				Files.delete(blocker);
				awaitHealth(health, Status.UP);
			});
	}

	private static void awaitHealth(IdGeneratorHealthIndicator health, Status status) throws InterruptedException {
		long deadline = System.nanoTime() + StateFileWorker.HORIZON.multipliedBy(3).toNanos();
		while (!health.health().getStatus().equals(status) && System.nanoTime() - deadline < 0) {
			Thread.sleep(50);
		}
		assertThat(health.health().getStatus()).isEqualTo(status);
	}

	@Test
	void aStateFileThatCannotBeUsedFailsNamingIt() throws IOException {
		Path stateFile = this.directory.resolve("idgen-snowflake.state");
		Files.writeString(stateFile, "garbage");
		ApplicationContextRunner instance = this.runner.withPropertyValues("idgen.snowflake.worker-id=7");
		instance.withPropertyValues("idgen.snowflake.state-file=" + stateFile)
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.state-file").getDescription())
				.contains(stateFile.toString())
				.contains("corrupt"));
		Path missingDirectory = this.directory.resolve("missing").resolve("idgen-snowflake.state");
		instance.withPropertyValues("idgen.snowflake.state-file=" + missingDirectory)
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.state-file").getDescription())
				.contains("does not exist"));
		instance.withPropertyValues("idgen.snowflake.state-file= ")
			.run((context) -> invalidProperty(context, "idgen.snowflake.state-file"));
	}

	@Test
	void twoInstancesCannotShareAStateFile() {
		ApplicationContextRunner instance = this.runner.withPropertyValues("idgen.snowflake.worker-id=7",
				"idgen.snowflake.state-file=" + this.directory.resolve("idgen-snowflake.state"));
		instance.run((first) -> {
			assertThat(first).hasNotFailed();
			instance.run((second) -> assertThat(invalidProperty(second, "idgen.snowflake.state-file").getDescription())
				.contains("in use by another instance"));
		});
	}

	@Test
	void aClockTooFarBehindTheStateFileFailsAtStartup() throws IOException {
		Path stateFile = this.directory.resolve("idgen-snowflake.state");
		long inAMinute = System.currentTimeMillis() + 60_000;
		String checked = "idgen-snowflake-state 1\nlayout 41/0/10/12 since 2025-01-01T00:00:00Z\nworker 0/7\n"
				+ "last-timestamp " + inAMinute + " " + Instant.ofEpochMilli(inAMinute) + "\nwritten-by renewal\n";
		CRC32 crc = new CRC32();
		crc.update(checked.getBytes(StandardCharsets.UTF_8));
		Files.writeString(stateFile, checked + "crc32 " + String.format(Locale.ROOT, "%08x", crc.getValue()) + "\n");
		this.runner.withPropertyValues("idgen.snowflake.worker-id=7", "idgen.snowflake.state-file=" + stateFile)
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.state-file").getDescription())
				.contains("behind")
				.contains(Instant.ofEpochMilli(inAMinute).toString()));
		assertThat(lastTimestamp(stateFile)).as("the file is left as it was").isEqualTo(inAMinute);
	}

	@Test
	void aStateFileWithALeasedWorkerIdFails() {
		this.runner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.snowflake.state-file=" + this.directory.resolve("idgen-snowflake.state"))
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.state-file").getDescription())
				.contains("leased from the jdbc store"));
	}

	private static long lastTimestamp(Path stateFile) throws IOException {
		for (String line : Files.readAllLines(stateFile)) {
			if (line.startsWith("last-timestamp ")) {
				return Long.parseLong(line.split(" ")[1]);
			}
		}
		throw new AssertionError("No last-timestamp in " + stateFile);
	}

}
