package io.github.idgen.autoconfigure;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.autoconfigure.jdbc.JdbcBackendAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcProperties;
import io.github.idgen.autoconfigure.mongo.MongoBackendAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisBackendAutoConfiguration;
import io.github.idgen.autoconfigure.snowflake.SnowflakeBackendAutoConfiguration;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.test.FetchThreads;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link IdGeneratorAutoConfiguration}.
 */
class IdGeneratorAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class));

	@Test
	void backendsStayOffWithoutTheRootAutoConfigurationAsWhenAnApplicationExcludesIt() {
		DataSource dataSource = TestBackends.h2();
		String table = "idgen_excluded_" + UUID.randomUUID().toString().substring(0, 8);
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(JdbcBackendAutoConfiguration.class, RedisBackendAutoConfiguration.class,
							MongoBackendAutoConfiguration.class, SnowflakeBackendAutoConfiguration.class))
			.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("idgen.jdbc.table=" + table, "idgen.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.doesNotHaveBean(IdGeneratorBackend.class)
					.doesNotHaveBean(JdbcSegmentStore.class)
					.doesNotHaveBean(JdbcProperties.class);
				assertThatException().isThrownBy(() -> new JdbcTemplate(dataSource)
					.queryForObject("SELECT COUNT(*) FROM " + table, Integer.class));
			});
	}

	@Test
	void createsJdbcBackedGeneratorOnEmbeddedDatabase() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(IdGenerator.class).hasSingleBean(JdbcSegmentStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("order")).isEqualTo(1);
			assertThat(ids.nextId("order")).isEqualTo(2);
			assertThat(ids.nextId()).isEqualTo(1);
			assertThat(jdbc(context).queryForList("select sequence_name from idgen_segment order by 1", String.class))
				.containsExactly("default", "order");
		});
	}

	@Test
	void failsNamingBackendWhenThereIsNoStore() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getMessage())
				.contains("no store to reserve IDs from")
				.contains("spring-boot-starter-jdbc")
				.contains("idgen.enabled=false"));
	}

	@Test
	void failsNamingBackendWhenJdbcIsSelectedButMissing() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withPropertyValues("idgen.backend=jdbc")
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getMessage())
				.contains("'jdbc' backend needs spring-boot-starter-jdbc"));
	}

	@Test
	void jdbcBackendNeedsSpringBootJdbc() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withClassLoader(new FilteredClassLoader(EmbeddedDatabaseConnection.class))
			.withBean(DataSource.class, () -> h2("unsupported"))
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getMessage())
				.contains("spring-boot-starter-jdbc"));
	}

	@Test
	void failsNamingBackendWhenSeveralStoresArePresent() {
		this.runner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getMessage())
				.contains("several stores to reserve IDs from (jdbc, redis)")
				.contains("Set idgen.backend"));
	}

	@Test
	void backendPropertyChoosesAmongSeveralStores() {
		this.runner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("idgen.backend=jdbc")
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1));
	}

	@Test
	void backsOffEntirelyWhenDisabled() {
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withPropertyValues("idgen.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdGenerator.class));
	}

	@Test
	void backsOffWhenUserDefinesIdGenerator() {
		this.runner.withUserConfiguration(UserIdGeneratorConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(IdGenerator.class).doesNotHaveBean(DefaultIdGenerator.class);
			assertThat(context.getBean(IdGenerator.class)).isSameAs(context.getBean("userIdGenerator"));
		});
	}

	@Test
	void usesUserDefinedJdbcSegmentStore() {
		this.runner.withUserConfiguration(UserJdbcSegmentStoreConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(JdbcSegmentStore.class).hasBean("userSegmentStore");
			new JdbcSegmentSchema(context.getBean(DataSource.class), "user_ids").createIfMissing();
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
			assertThat(jdbc(context).queryForObject("select count(*) from user_ids", Integer.class)).isOne();
		});
	}

	@Test
	void failsNamingDataSourcePropertyWhenSeveralDataSourcesAndNoneIsPrimary() {
		this.runner.withUserConfiguration(TwoDataSourcesConfiguration.class)
			.run((context) -> assertThat(invalidProperty(context, "idgen.jdbc.data-source").getMessage())
				.contains("several DataSource beans [first, second]")
				.contains("Set idgen.jdbc.data-source"));
	}

	@Test
	void usesDataSourceNamedByProperty() {
		this.runner.withUserConfiguration(TwoDataSourcesConfiguration.class)
			.withPropertyValues("idgen.jdbc.data-source=second")
			.run((context) -> {
				context.getBean(IdGenerator.class).nextId("order");
				assertThat(rows(context.getBean("second", DataSource.class))).isOne();
				assertThat(tableExists(context.getBean("first", DataSource.class))).isFalse();
			});
	}

	@Test
	void failsNamingDataSourcePropertyWhenNamedBeanIsMissing() {
		this.runner.withUserConfiguration(TwoDataSourcesConfiguration.class)
			.withPropertyValues("idgen.jdbc.data-source=third")
			.run((context) -> assertThat(invalidProperty(context, "idgen.jdbc.data-source").getMessage())
				.contains("no DataSource bean of that name")
				.contains("[first, second]"));
	}

	@Test
	void usesPrimaryDataSource() {
		this.runner.withUserConfiguration(PrimaryDataSourceConfiguration.class).run((context) -> {
			context.getBean(IdGenerator.class).nextId("order");
			assertThat(rows(context.getBean("primary", DataSource.class))).isOne();
		});
	}

	@Test
	void doesNotCreateTableWhenInitializeSchemaIsNever() {
		this.runner.withPropertyValues("idgen.jdbc.initialize-schema=never", "idgen.segment.fetch-timeout=200ms")
			.run((context) -> {
				assertThat(tableExists(context.getBean(DataSource.class))).isFalse();
				assertThatExceptionOfType(BackendMisconfiguredException.class)
					.isThrownBy(() -> context.getBean(IdGenerator.class).nextId("order"))
					.withMessageContaining("'idgen_segment'")
					.withMessageContaining("does not exist");
			});
	}

	@Test
	void createsTableOnNonEmbeddedDatabaseOnlyWhenInitializeSchemaIsAlways() {
		String url = "jdbc:h2:file:./target/h2/" + System.nanoTime();
		this.runner.withPropertyValues("spring.datasource.url=" + url)
			.run((context) -> assertThat(tableExists(context.getBean(DataSource.class))).isFalse());
		this.runner.withPropertyValues("spring.datasource.url=" + url, "idgen.jdbc.initialize-schema=always")
			.run((context) -> assertThat(tableExists(context.getBean(DataSource.class))).isTrue());
	}

	@Test
	void usesConfiguredTableName() {
		this.runner.withPropertyValues("idgen.jdbc.table=my_ids").run((context) -> {
			context.getBean(IdGenerator.class).nextId("order");
			assertThat(jdbc(context).queryForObject("select count(*) from my_ids", Integer.class)).isOne();
		});
	}

	@Test
	void appliesPerSequenceStartAndStep() {
		this.runner.withPropertyValues("idgen.sequences.order.start=1000000", "idgen.sequences.order.step=5000")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("order")).isEqualTo(1_000_000);
				assertThat(ids.nextId("invoice")).isEqualTo(1);
				assertThat(
						jdbc(context).queryForList("select step from idgen_segment order by sequence_name", Long.class))
					.containsExactly(1000L, 5000L);
			});
	}

	@Test
	void servesBoundedAndCyclicSequences() {
		this.runner.withPropertyValues("idgen.sequences.ticket.max-value=25", "idgen.sequences.ticket.cycle=true",
				"idgen.sequences.ticket.step=10", "idgen.sequences.ticket.min-step=10",
				"idgen.sequences.seat.max-value=3", "idgen.sequences.seat.step=10", "idgen.sequences.seat.min-step=10")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				long[] tickets = ids.nextIds("ticket", 30);
				assertThat(tickets).startsWith(1, 2, 3).contains(25).endsWith(1, 2, 3, 4, 5);
				assertThat(ids.nextIds("seat", 3)).containsExactly(1, 2, 3);
				assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> ids.nextId("seat"))
					.withMessageContaining("max-value 3");
			});
	}

	@Test
	void servesFormattedIdsWithDailyCountersInTheConfiguredZone() {
		this.runner
			.withPropertyValues("idgen.zone=Asia/Shanghai", "idgen.sequences.order.format=ORD{yyyyMMdd}{seq:6}",
					"idgen.sequences.order.reset=daily", "idgen.sequences.order.step=10",
					"idgen.sequences.order.min-step=10", "idgen.sequences.order.max-step=10")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				String today = LocalDate.now(ZoneId.of("Asia/Shanghai")).format(DateTimeFormatter.BASIC_ISO_DATE);
				assertThat(ids.nextFormattedId("order")).isEqualTo("ORD" + today + "000001");
				assertThat(ids.sequence("order").nextFormatted()).isEqualTo("ORD" + today + "000002");
				assertThat(jdbc(context).queryForObject("select step from idgen_segment where sequence_name = ?",
						Long.class, "order@" + today))
					.as("the period counter takes the sequence's settings")
					.isEqualTo(10);
				assertThatIllegalStateException().isThrownBy(() -> ids.nextFormattedId("invoice"))
					.withMessageContaining("idgen.sequences.invoice.format");
			});
	}

	@Test
	void shareServesUnknownSequencesFromDefaultSequence() {
		this.runner
			.withPropertyValues("idgen.unknown-sequences=share", "idgen.default-sequence=main",
					"idgen.sequences.order.start=500")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId()).isEqualTo(1);
				assertThat(ids.nextId("invoice")).isEqualTo(2);
				assertThat(ids.nextId("order")).isEqualTo(500);
				Sequence invoice = ids.sequence("invoice");
				assertThat(invoice.name()).isEqualTo("main");
			});
	}

	@Test
	void rejectThrowsForUnknownSequences() {
		this.runner.withPropertyValues("idgen.unknown-sequences=reject", "idgen.sequences.order.start=1")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextId("order")).isEqualTo(1);
				assertThat(ids.nextId()).isEqualTo(1);
				assertThatExceptionOfType(UnknownSequenceException.class).isThrownBy(() -> ids.nextId("invoice"));
			});
	}

	@Test
	void rejectsInvalidPropertiesNamingTheProperty() {
		assertInvalid("idgen.segment.step", "must be at least 1", "idgen.segment.step=0");
		assertInvalid("idgen.segment.step", "must lie within idgen.segment.min-step (1000)", "idgen.segment.step=999");
		assertInvalid("idgen.segment.min-step", "must be at least 1", "idgen.segment.min-step=0",
				"idgen.segment.step=1");
		assertInvalid("idgen.segment.max-step", "must not be less than idgen.segment.min-step (2000)",
				"idgen.segment.min-step=2000", "idgen.segment.max-step=1500");
		assertInvalid("idgen.segment.prefetch-at", "less than 1", "idgen.segment.prefetch-at=1.5");
		assertInvalid("idgen.segment.fetch-timeout", "must be positive", "idgen.segment.fetch-timeout=0s");
		assertInvalid("idgen.segment.segment-duration", "must be positive", "idgen.segment.segment-duration=-1m");
		assertInvalid("idgen.sequences.order.step", "idgen.segment.min-step (1000)", "idgen.sequences.order.step=500");
		assertInvalid("idgen.sequences.order.start", "must be at least 1", "idgen.sequences.order.start=0");
		assertInvalid("idgen.sequences.order.max-value", "must lie within idgen.sequences.order.start (10)",
				"idgen.sequences.order.start=10", "idgen.sequences.order.max-value=9");
		assertInvalid("idgen.sequences.order.format", "seq", "idgen.sequences.order.format=ORD{yyyyMMdd}");
		assertInvalid("idgen.sequences.order.reset", "idgen.sequences.order.format",
				"idgen.sequences.order.reset=daily");
		assertInvalid("idgen.jdbc.table", "bad-name", "idgen.jdbc.table=bad-name");
		assertInvalid("idgen.jdbc.table", "x; drop table y", "idgen.jdbc.table=x; drop table y");
		assertInvalid("idgen.default-sequence", "at most 128", "idgen.default-sequence=" + "d".repeat(129));
	}

	@Test
	void rejectsAFetchTimeoutTooLongToBeTimedNamingTheProperty() {
		assertInvalid("idgen.segment.fetch-timeout", "must be at most 106751d", "idgen.segment.fetch-timeout=106752d");
		assertInvalid("idgen.sequences.order.fetch-timeout", "must be at most 106751d",
				"idgen.sequences.order.fetch-timeout=300000d");
	}

	@Test
	void perSequenceBoundsMakeSmallerStepValid() {
		this.runner.withPropertyValues("idgen.sequences.order.step=10", "idgen.sequences.order.min-step=10")
			.run((context) -> {
				context.getBean(IdGenerator.class).nextId("order");
				assertThat(jdbc(context).queryForObject("select step from idgen_segment", Long.class)).isEqualTo(10);
			});
	}

	@Test
	void closingContextEndsFetchThreads() throws InterruptedException {
		this.runner.run((context) -> context.getBean(IdGenerator.class).nextId("order"));
		long deadline = System.nanoTime() + 2_000_000_000L;
		while (!FetchThreads.alive().isEmpty() && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(FetchThreads.alive()).isEmpty();
	}

	private void assertInvalid(String property, String reason, String... properties) {
		this.runner.withPropertyValues(properties).run((context) -> {
			assertThat(invalidProperty(context, property).getReason()).contains(reason);
		});
	}

	private static JdbcTemplate jdbc(AssertableApplicationContext context) {
		return new JdbcTemplate(context.getBean(DataSource.class));
	}

	private static int rows(DataSource dataSource) {
		return new JdbcTemplate(dataSource).queryForObject("select count(*) from idgen_segment", Integer.class);
	}

	private static boolean tableExists(DataSource dataSource) {
		List<Map<String, Object>> tables = new JdbcTemplate(dataSource)
			.queryForList("select table_name from information_schema.tables where lower(table_name) = 'idgen_segment'");
		return !tables.isEmpty();
	}

	private static DataSource h2(String name) {
		return DataSourceBuilder.create().url("jdbc:h2:mem:" + name + System.nanoTime() + ";DB_CLOSE_DELAY=-1").build();
	}

	@Configuration(proxyBeanMethods = false)
	static class UserIdGeneratorConfiguration {

		@Bean
		IdGenerator userIdGenerator() {
			return new CountingIdGenerator();
		}

	}

	static class CountingIdGenerator implements IdGenerator {

		private final AtomicLong counter = new AtomicLong();

		@Override
		public long nextId(String sequence) {
			return this.counter.incrementAndGet();
		}

		@Override
		public long nextId() {
			return this.counter.incrementAndGet();
		}

		@Override
		public long[] nextIds(String sequence, int count) {
			return LongStream.generate(this.counter::incrementAndGet).limit(count).toArray();
		}

		@Override
		public Sequence sequence(String name) {
			throw new UnsupportedOperationException();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserJdbcSegmentStoreConfiguration {

		@Bean
		JdbcSegmentStore userSegmentStore(DataSource dataSource) {
			return new JdbcSegmentStore(dataSource, "user_ids");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class TwoDataSourcesConfiguration {

		@Bean
		DataSource first() {
			return h2("first");
		}

		@Bean
		DataSource second() {
			return h2("second");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class PrimaryDataSourceConfiguration {

		@Bean
		@Primary
		DataSource primary() {
			return h2("primary");
		}

		@Bean
		DataSource other() {
			return h2("other");
		}

	}

}
