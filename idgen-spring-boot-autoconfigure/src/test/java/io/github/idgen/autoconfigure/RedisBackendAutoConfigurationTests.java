package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.autoconfigure.metrics.IdGeneratorMetricsAutoConfiguration;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.redis.RedisKeys;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.redis.time.RedisTimeLayout;
import io.github.idgen.redis.time.RedisTimeSequence;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.test.WaitingCall;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for the Redis backend of {@link IdGeneratorAutoConfiguration}, against a real
 * Redis.
 */
class RedisBackendAutoConfigurationTests {

	private final String prefix = "idgen-test-" + UUID.randomUUID().toString().substring(0, 8) + ":";

	/**
	 * A redis-server of the test's own, for the tests that restart it.
	 */
	@RegisterExtension
	final RedisServerExtension ownServer = new RedisServerExtension();

	private ApplicationContextRunner runner() {
		LettuceConnectionFactory redis = TestBackends.redis();
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataRedisAutoConfiguration.class,
					IdGeneratorHealthContributorAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.host=" + redis.getHostName(),
					"spring.data.redis.port=" + redis.getPort(), "idgen.redis.key-prefix=" + this.prefix);
	}

	@Test
	void timeLayoutThatEndsSoonerThanTheRunwayMinimumFailsAtStartupOnlyWhenASequenceUsesIt() {
		Instant fiveYearsAhead = Instant.now().truncatedTo(ChronoUnit.MILLIS).plus(Duration.ofDays(5 * 365));
		String epoch = "idgen.redis.time.epoch=" + fiveYearsAhead.minusMillis(RedisTimeLayout.DEFAULT.maxTimestamp());
		runner().withPropertyValues("idgen.sequences.clock.mode=time", epoch)
			.run((context) -> assertThat(StartupFailures.invalidProperty(context, "idgen.redis.time").getDescription())
				.contains("idgen.runway.minimum"));
		runner().withPropertyValues(epoch).run((context) -> assertThat(context).hasNotFailed());
		runner().withPropertyValues("idgen.sequences.clock.mode=time", epoch, "idgen.runway.minimum=4y")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void reservesSegmentsStraightFromTheStoreOfSequencesInSegmentModeOnly() {
		runner().withPropertyValues("idgen.sequences.blocks.start=100", "idgen.sequences.counted.mode=increment")
			.run((context) -> {
				SequenceRouting routing = context.getBean(SequenceRouting.class);
				assertThat(routing.reserve("blocks", 50)).isEqualTo(new Segment(100, 150));
				assertThat(context.getBean(IdGenerator.class).nextId("blocks")).isEqualTo(150);
				assertThat(routing.reserve("blocks", 50).start()).isGreaterThan(150);
				assertThatExceptionOfType(UnsupportedOperationException.class)
					.isThrownBy(() -> routing.reserve("counted", 10))
					.withMessage("Sequence 'counted' is served in increment mode, whose IDs do not come in segments");
			});
	}

	@Test
	void usesRedisWhenItIsTheOnlyStore() {
		runner().run((context) -> {
			assertThat(context).hasSingleBean(RedisSegmentStore.class).doesNotHaveBean(JdbcSegmentStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("order")).isEqualTo(1);
			assertThat(ids.sequence("order")).isInstanceOf(SegmentBuffer.class);
			assertThat(redis(context).opsForValue().get(this.prefix + "{order}")).isEqualTo("1000");
		});
	}

	@Test
	void servesEachSequenceInItsMode() {
		runner()
			.withPropertyValues("idgen.redis.mode=increment", "idgen.sequences.order.start=500",
					"idgen.sequences.event.mode=time", "idgen.sequences.invoice.mode=segment")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.sequence("order")).isInstanceOf(RedisIncrementSequence.class);
				assertThat(ids.nextIds("order", 3)).containsExactly(500, 501, 502);
				assertThat(ids.nextId("order")).isEqualTo(503);
				assertThat(redis(context).opsForValue().get(this.prefix + "{order}")).isEqualTo("503");
				assertThat(ids.sequence("event")).isInstanceOf(RedisTimeSequence.class);
				RedisTimeSequence event = (RedisTimeSequence) ids.sequence("event");
				assertThat(event.decode(event.next()).shard()).isZero();
				assertThat(ids.sequence("invoice")).isInstanceOf(SegmentBuffer.class);
				assertThat(ids.sequence("other")).isInstanceOf(RedisIncrementSequence.class);
			});
	}

	@Test
	void servesGapFreeDailyNumbersInIncrementMode() {
		runner()
			.withPropertyValues("idgen.redis.mode=increment", "idgen.sequences.invoice.format=INV-{yyyyMMdd}-{seq:4}",
					"idgen.sequences.invoice.reset=daily", "idgen.zone=UTC")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				String today = LocalDate.now(ZoneOffset.UTC).format(DateTimeFormatter.BASIC_ISO_DATE);
				assertThat(ids.nextFormattedId("invoice")).isEqualTo("INV-" + today + "-0001");
				assertThat(ids.nextFormattedId("invoice")).isEqualTo("INV-" + today + "-0002");
				assertThat(redis(context).opsForValue().get(this.prefix + "{invoice@" + today + "}")).isEqualTo("2");
			});
	}

	@Test
	void servesSingleSequencesFromRedisNextToJdbc() {
		runner().withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.backend=jdbc", "idgen.sequences.order.backend=redis",
					"idgen.sequences.order.mode=increment")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.sequence("order")).isInstanceOf(RedisIncrementSequence.class);
				assertThat(ids.sequence("invoice")).isInstanceOf(SegmentBuffer.class);
				assertThat(ids.nextId("invoice")).isEqualTo(1);
				assertThat(context).hasSingleBean(JdbcSegmentStore.class).hasSingleBean(RedisSegmentStore.class);
			});
	}

	@Test
	void rejectsModeOnSequenceNotServedByRedis() {
		runner().withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.backend=jdbc", "idgen.sequences.order.mode=increment")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.order.mode").getReason())
				.contains("served by 'jdbc'"));
	}

	@Test
	void servesCyclicSequenceInSegmentMode() {
		runner()
			.withPropertyValues("idgen.sequences.ticket.max-value=99", "idgen.sequences.ticket.cycle=true",
					"idgen.sequences.ticket.start=10")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.sequence("ticket")).isInstanceOf(SegmentBuffer.class);
				for (int cycle = 0; cycle < 3; cycle++) {
					for (long expected = 10; expected <= 99; expected++) {
						assertThat(ids.nextId("ticket")).isEqualTo(expected);
					}
				}
				assertThat(redis(context).opsForValue().get(this.prefix + "{ticket}:cycle")).isNotNull();
				assertThat(context.getBean(RedisSegmentStore.class).trippedGuards()).isEmpty();
			});
	}

	@Test
	void rejectsBoundedSequenceInIncrementMode() {
		runner()
			.withPropertyValues("idgen.redis.mode=increment", "idgen.sequences.ticket.max-value=99",
					"idgen.sequences.ticket.cycle=true")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.ticket.max-value").getReason())
				.contains("only in 'segment' mode")
				.contains("'increment' mode"));
	}

	@Test
	void rejectsBoundedSequenceInTimeMode() {
		runner().withPropertyValues("idgen.sequences.ticket.mode=time", "idgen.sequences.ticket.max-value=99")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.ticket.max-value").getReason())
				.contains("'time' mode"));
	}

	@Test
	void rejectsBoundedSequenceWithFloor() {
		runner().withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.backend=redis", "idgen.redis.floor-source=jdbc",
					"idgen.sequences.ticket.max-value=99")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.ticket.max-value").getReason())
				.contains("floor"));
	}

	@Test
	void jdbcFloorNeedsDataSource() {
		runner().withPropertyValues("idgen.redis.floor-source=jdbc")
			.run((context) -> assertThat(invalidProperty(context, "idgen.redis.floor-source").getReason())
				.contains("DataSource"));
	}

	@Test
	void jdbcFloorRejectsInvalidTableName() {
		runner().withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.backend=redis", "idgen.redis.floor-source=jdbc", "idgen.jdbc.table=bad-name")
			.run((context) -> assertThat(invalidProperty(context, "idgen.jdbc.table").getValue())
				.isEqualTo("bad-name"));
	}

	@Test
	void rejectsFloorSourceThatKeepsNoFloors() {
		runner().withPropertyValues("idgen.backend=redis", "idgen.redis.floor-source=mongo").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContainingAll("'mongo' is not a source of counter floors", "none, jdbc");
		});
	}

	@Test
	void floorSourceIsReadInAnyCase() {
		runner().withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.backend=redis", "idgen.redis.floor-source= JDBC ")
			.run((context) -> assertThat(context.getBean(RedisSegmentStore.class).hasFloor()).isTrue());
	}

	@Test
	void jdbcFloorUsesIdgenTable() {
		runner().withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("idgen.backend=redis", "idgen.redis.floor-source=jdbc")
			.run((context) -> {
				assertThat(context.getBean(RedisSegmentStore.class).hasFloor()).isTrue();
				long id = context.getBean(IdGenerator.class).nextId("order");
				assertThat(id).isEqualTo(1);
			});
	}

	@Test
	void rejectsInvalidRedisProperties() {
		runner().withPropertyValues("idgen.redis.key-prefix=a{b")
			.run((context) -> invalidProperty(context, "idgen.redis.key-prefix"));
		runner().withPropertyValues("idgen.redis.time.shard-bits=20")
			.run((context) -> assertThat(invalidProperty(context, "idgen.redis.time").getReason()).contains("64"));
		runner().withPropertyValues("idgen.redis.time.shard=5000")
			.run((context) -> invalidProperty(context, "idgen.redis.time.shard"));
		runner()
			.withPropertyValues("idgen.redis.time.sequence-bits=1", "idgen.redis.time.shard-bits=21",
					"idgen.redis.time.nodes=redis://127.0.0.1:1,redis://127.0.0.1:2,redis://127.0.0.1:3")
			.run((context) -> assertThat(invalidProperty(context, "idgen.redis.time.nodes").getReason())
				.contains("has 3 nodes")
				.contains("gives 2"));
	}

	@Test
	@SuppressWarnings("unchecked")
	void healthIsUpAndGoesDownWhenCounterGuardTripsWithoutAFailoverJump() {
		runner().withPropertyValues("idgen.redis.mode=increment", "idgen.redis.failover-jump=0").run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			IdGeneratorHealthIndicator health = context.getBean(IdGeneratorHealthIndicator.class);
			ids.nextIds("order", 5);
			Health up = health.health();
			assertThat(up.getStatus()).isEqualTo(Status.UP);
			assertThat(((Map<String, Map<String, Object>>) up.getDetails().get("sequences")).get("order"))
				.containsEntry("mode", "increment")
				.containsEntry("highestId", 5L)
				.containsEntry("issued", 5L)
				.containsKey("runway");
			redis(context).delete(this.prefix + "{order}");
			assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> ids.nextId("order"));
			Health down = health.health();
			assertThat(down.getStatus()).isEqualTo(Status.DOWN);
			assertThat((Map<String, Object>) down.getDetails().get("backends")).hasEntrySatisfying("redis",
					(status) -> assertThat(status.toString()).contains("guard has tripped").contains("order"));
		});
	}

	@Test
	void routingDescribesTheGuardOfASegmentSequenceUntilItTripsWithoutAFailoverJump() {
		runner().withPropertyValues("idgen.segment.step=10", "idgen.segment.min-step=10", "idgen.redis.failover-jump=0")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				SequenceRouting routing = context.getBean(SequenceRouting.class);
				ids.nextId("order");
				assertThat(routing.details("order"))
					.containsExactlyInAnyOrderEntriesOf(Map.of("mode", "segment", "guard", "armed", "floor", false));
				redis(context).delete(this.prefix + "{order}");
				assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> {
					for (int i = 0; i < 100; i++) {
						ids.nextId("order");
					}
				});
				assertThat(routing.details("order")).hasEntrySatisfying("guard",
						(guard) -> assertThat(guard.toString()).isNotEqualTo("armed").contains("order"));
			});
	}

	@Test
	void routingDescribesTheGuardOfAnIncrementSequence() {
		runner().withPropertyValues("idgen.redis.mode=increment").run((context) -> {
			context.getBean(IdGenerator.class).nextId("order");
			assertThat(context.getBean(SequenceRouting.class).details("order"))
				.containsExactlyInAnyOrderEntriesOf(Map.of("mode", "increment", "guard", "armed"));
		});
	}

	@Test
	void aRestartedRedisHasItsCountersMovedByTheFailoverJumpAndCounted() {
		RedisServerProcess server = this.ownServer.server();
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(IdGeneratorMetricsAutoConfiguration.class))
			.withBean(RedisConnectionFactory.class, server::connectionFactory)
			.withBean(SimpleMeterRegistry.class)
			.withPropertyValues("idgen.redis.key-prefix=" + this.prefix, "idgen.redis.mode=increment",
					"idgen.redis.failover-jump=1000")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextIds("order", 2)).containsExactly(1, 2);
				server.restart();
				assertThat(ids.nextId("order")).as("2, moved by 1000 and as much again per minute since")
					.isBetween(1003L, 2003L);
				assertThat(context.getBean(MeterRegistry.class)
					.get("idgen.counter.moved")
					.tags("backend", "redis", "sequence", "order")
					.counter()
					.count()).isEqualTo(1);
			});
	}

	@Test
	void incrementCallersWaitingBehindAReservationGiveUpAfterTheirSequencesFetchTimeout() {
		RedisServerProcess server = this.ownServer.server();
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean(RedisConnectionFactory.class, server::connectionFactory)
			.withPropertyValues("idgen.redis.key-prefix=" + this.prefix, "idgen.redis.mode=increment",
					"idgen.segment.fetch-timeout=250ms", "idgen.sequences.quick.fetch-timeout=100ms")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("quick")).isEqualTo(1);
				assertThat(ids.nextId("other")).isEqualTo(1);
				server.cli("CLIENT", "PAUSE", "5000", "WRITE");
				try {
					assertWaiterGivesUp(ids, "quick", "within 100 ms");
					assertWaiterGivesUp(ids, "other", "within 250 ms");
				}
				finally {
					server.cli("CLIENT", "UNPAUSE");
				}
			});
	}

	/**
	 * Start a call that reserves on a paused server, which the connection factory's
	 * command timeout of 500 ms fails, and check that a second call, waiting behind it,
	 * gives up by its own wait, which it names, not with the first call's failure.
	 */
	private static void assertWaiterGivesUp(IdGenerator ids, String sequence, String wait) throws Exception {
		WaitingCall<Long> reserving = WaitingCall.start("reserving", () -> ids.nextId(sequence));
		assertThat(reserving.result()).as("the call reserving on the paused server").isNotDone();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> ids.nextId(sequence))
			.withMessageContaining("'" + sequence + "'")
			.withMessageContaining(wait)
			.withMessageContaining("nothing was reserved for it");
		assertThat(reserving.result()).failsWithin(Duration.ofSeconds(5));
		reserving.thread().join(5_000);
	}

	@Test
	void aRestartedRedisIsRefusedWithoutAFailoverJump() {
		RedisServerProcess server = this.ownServer.server();
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean(RedisConnectionFactory.class, server::connectionFactory)
			.withPropertyValues("idgen.redis.key-prefix=" + this.prefix, "idgen.redis.mode=increment",
					"idgen.redis.failover-jump=0")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				ids.nextId("order");
				server.restart();
				assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> ids.nextId("order"))
					.withMessageContaining("last reserved on another Redis server process");
			});
	}

	@Test
	void aNegativeFailoverJumpFailsAtStartup() {
		runner().withPropertyValues("idgen.redis.failover-jump=-1")
			.run((context) -> assertThat(invalidProperty(context, "idgen.redis.failover-jump").getReason())
				.contains("must not be negative"));
	}

	@Test
	void namesWithBracesFailAtStartupWhenConfiguredAndAtOnceWhenAskedFor() {
		runner().withPropertyValues("idgen.sequences[a{b}].start=5")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences").getMessage())
				.contains("'redis' backend cannot serve")
				.contains("'{' or '}'"));
		runner().run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThatIllegalArgumentException().isThrownBy(() -> ids.nextId("a{b}"))
				.withMessageContaining("'{' or '}'");
			assertThat(redis(context).keys(this.prefix + "*")).isEmpty();
		});
	}

	@Test
	void backsOffWhenUserDefinesRedisSegmentStore() {
		runner()
			.withBean("userStore", RedisSegmentStore.class,
					() -> new RedisSegmentStore(TestBackends.redis(), new RedisKeys(this.prefix)))
			.run((context) -> assertThat(context).hasSingleBean(RedisSegmentStore.class).hasBean("userStore"));
	}

	private static StringRedisTemplate redis(AssertableApplicationContext context) {
		return new StringRedisTemplate(context.getBean(LettuceConnectionFactory.class));
	}

}
