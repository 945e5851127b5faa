package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that instances with different obfuscation keys for one sequence cannot share its
 * store: the first records its key check value next to the counters, and the second, with
 * another key, fails at startup naming the key's property. Two keys would write the same
 * number for different counters.
 */
class ObfuscationKeyCheckTests {

	private static final String OTHER_KEY = "0fqJCgcrbaSIiCpwSNDZlTTJICbAJkTlqqnTcVTbTis=";

	private final String sequence = "kcv-" + UUID.randomUUID().toString().substring(0, 8);

	static Stream<Arguments> backends() {
		return Stream.of(Arguments.of("H2", (Supplier<ApplicationContextRunner>) ObfuscationKeyCheckTests::h2),
				Arguments.of("PostgreSQL", (Supplier<ApplicationContextRunner>) () -> jdbc(TestBackends.postgres())),
				Arguments.of("MariaDB", (Supplier<ApplicationContextRunner>) () -> jdbc(TestBackends.mariaDb())),
				Arguments.of("striped PostgreSQL and MariaDB",
						(Supplier<ApplicationContextRunner>) ObfuscationKeyCheckTests::striped),
				Arguments.of("Redis", (Supplier<ApplicationContextRunner>) ObfuscationKeyCheckTests::redis),
				Arguments.of("MongoDB", (Supplier<ApplicationContextRunner>) ObfuscationKeyCheckTests::mongo));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("backends")
	void aSecondInstanceWithAnotherKeyFailsAtStartup(String name, Supplier<ApplicationContextRunner> backend) {
		ApplicationContextRunner runner = backend.get()
			.withPropertyValues("idgen.sequences." + this.sequence + ".format=ORD{seq:8}",
					"idgen.sequences." + this.sequence + ".obfuscate=true");
		ApplicationContextRunner first = runner
			.withPropertyValues("idgen.obfuscation.key=" + SequenceObfuscationTests.KEY);
		List<String> numbers = new ArrayList<>();
		first.run((one) -> {
			assertThat(one).hasNotFailed();
			numbers.add(one.getBean(IdGenerator.class).nextFormattedId(this.sequence));
			runner.withPropertyValues("idgen.obfuscation.key=" + OTHER_KEY).run((other) -> {
				IdGeneratorConfigurationException failure = invalidProperty(other, "idgen.obfuscation.key");
				assertThat(failure.getDescription())
					.contains("not the key that the current period of sequence '" + this.sequence + "'")
					.containsAnyOf("'@kcv:" + this.sequence + "#", "{" + this.sequence + "}:key-check:");
				assertThat(failure.getAction()).contains("Rotate a key").contains("version digit");
				assertThat(other.getStartupFailure().toString()).doesNotContain(OTHER_KEY)
					.doesNotContain(SequenceObfuscationTests.KEY);
			});
			first.run((same) -> {
				assertThat(same).hasNotFailed();
				numbers.add(same.getBean(IdGenerator.class).nextFormattedId(this.sequence));
			});
		});
		assertThat(numbers).hasSize(2).doesNotHaveDuplicates();
	}

	@Test
	void aSequenceKeyOfItsOwnIsNamedWhenItDiffers() {
		ApplicationContextRunner runner = h2().withPropertyValues(
				"idgen.sequences." + this.sequence + ".format=ORD{seq:8}",
				"idgen.sequences." + this.sequence + ".obfuscate=true");
		runner.withPropertyValues("idgen.obfuscation.key=" + SequenceObfuscationTests.KEY)
			.run((one) -> runner.withPropertyValues("idgen.sequences." + this.sequence + ".key=" + OTHER_KEY)
				.run((other) -> assertThat(invalidProperty(other, "idgen.sequences." + this.sequence + ".key"))
					.isNotNull()));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("backends")
	void anInstanceOfTheOtherPermutationFailsAtStartupAndOneNumberIsNeverWrittenTwice(String name,
			Supplier<ApplicationContextRunner> backend) {
		ApplicationContextRunner runner = backend.get()
			.withPropertyValues("idgen.sequences." + this.sequence + ".format=D{yyyyMMdd}{seq:6}",
					"idgen.sequences." + this.sequence + ".reset=daily",
					"idgen.sequences." + this.sequence + ".obfuscate=true",
					"idgen.obfuscation.key=" + SequenceObfuscationTests.KEY);
		String permutation = "idgen.sequences." + this.sequence + ".permutation";
		List<String> numbers = new ArrayList<>();
		runner.withPropertyValues(permutation + "=fixed").run((fixed) -> {
			assertThat(fixed).hasNotFailed();
			IdGenerator one = fixed.getBean(IdGenerator.class);
			runner.withPropertyValues(permutation + "=per-period").run((perPeriod) -> {
				IdGeneratorConfigurationException failure = invalidProperty(perPeriod, permutation);
				assertThat(failure.getDescription()).contains("the same key and the fixed permutation",
						"this instance writes the per-period one");
				assertThat(perPeriod.getStartupFailure().toString()).doesNotContain(SequenceObfuscationTests.KEY);
			});
			runner.withPropertyValues(permutation + "=fixed").run((same) -> {
				IdGenerator other = same.getBean(IdGenerator.class);
				for (int i = 0; i < 1000; i++) {
					numbers.add(one.nextFormattedId(this.sequence));
					numbers.add(other.nextFormattedId(this.sequence));
				}
			});
		});
		assertThat(numbers).hasSize(2000).doesNotHaveDuplicates();
	}

	/**
	 * A Redis that loses its data forgets no key check value kept with the counter floor:
	 * an instance with another key that starts after the loss is refused, and the one
	 * that checked before writes on.
	 */
	@Test
	void aRedisThatLosesItsDataForgetsNoKeyCheckKeptWithTheCounterFloor() {
		String prefix = "idgen-kcv-floor-" + UUID.randomUUID().toString().substring(0, 8) + ":";
		ApplicationContextRunner runner = redis()
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:kcv-floor;DB_CLOSE_DELAY=-1", "idgen.backend=redis",
					"idgen.redis.floor-source=jdbc", "idgen.redis.key-prefix=" + prefix,
					"idgen.sequences." + this.sequence + ".format=D{yyyyMMdd}{seq:6}",
					"idgen.sequences." + this.sequence + ".reset=daily",
					"idgen.sequences." + this.sequence + ".permutation=per-period",
					"idgen.sequences." + this.sequence + ".obfuscate=true");
		runner.withPropertyValues("idgen.obfuscation.key=" + SequenceObfuscationTests.KEY).run((one) -> {
			IdGenerator ids = one.getBean(IdGenerator.class);
			String first = ids.nextFormattedId(this.sequence);
			StringRedisTemplate redis = new StringRedisTemplate(one.getBean(RedisConnectionFactory.class));
			Set<String> lost = redis.keys(prefix + "*");
			assertThat(lost).as("the counter is in Redis, the key check value is not")
				.isNotEmpty()
				.noneMatch((key) -> key.contains("key-check"));
			redis.delete(lost);
			assertThat(new JdbcTemplate(one.getBean(DataSource.class)).queryForList(
					"SELECT sequence_name FROM idgen_segment WHERE sequence_name LIKE ?", String.class,
					"@kcv:" + this.sequence + "@%"))
				.hasSize(1);
			runner.withPropertyValues("idgen.obfuscation.key=" + OTHER_KEY)
				.run((other) -> assertThat(invalidProperty(other, "idgen.obfuscation.key").getDescription())
					.contains("an instance with another key"));
			assertThat(ids.nextFormattedId(this.sequence)).isNotEqualTo(first);
		});
	}

	private static ApplicationContextRunner h2() {
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:kcv-shared;DB_CLOSE_DELAY=-1");
	}

	private static ApplicationContextRunner jdbc(DataSource shared) {
		DataSource unpooled = unpooled(shared);
		return new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean(DataSource.class, () -> unpooled)
			.withPropertyValues("idgen.jdbc.initialize-schema=always");
	}

	private static ApplicationContextRunner striped() {
		DataSource postgres = unpooled(TestBackends.postgres());
		DataSource mariaDb = unpooled(TestBackends.mariaDb());
		return new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean("kcvPostgres", DataSource.class, () -> postgres)
			.withBean("kcvMariaDb", DataSource.class, () -> mariaDb)
			.withPropertyValues("idgen.backend=jdbc", "idgen.jdbc.table=idgen27_kcv_stripes",
					"idgen.jdbc.initialize-schema=always", "idgen.jdbc.data-sources=kcvPostgres,kcvMariaDb");
	}

	/**
	 * Return a data source of the same database that the application contexts cannot
	 * close, as they close the shared pool they are given.
	 */
	private static DataSource unpooled(DataSource shared) {
		HikariDataSource pool = (HikariDataSource) shared;
		return new DriverManagerDataSource(pool.getJdbcUrl(), pool.getUsername(), pool.getPassword());
	}

	private static ApplicationContextRunner redis() {
		LettuceConnectionFactory redis = TestBackends.redis();
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.host=" + redis.getHostName(),
					"spring.data.redis.port=" + redis.getPort(), "idgen.redis.key-prefix=idgen-kcv-test:");
	}

	private static ApplicationContextRunner mongo() {
		MongoTemplate mongo = TestBackends.mongo();
		return new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean(MongoTemplate.class, () -> mongo)
			.withPropertyValues("idgen.mongo.collection=idgen_kcv_test");
	}

}
