package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.IsolatedClassPath.ACTUATOR;
import static io.github.idgen.autoconfigure.IsolatedClassPath.JDBC;
import static io.github.idgen.autoconfigure.IsolatedClassPath.LETTUCE;
import static io.github.idgen.autoconfigure.IsolatedClassPath.MONGO;
import static io.github.idgen.autoconfigure.IsolatedClassPath.REDIS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Applications with the starter and one store only, or none for snowflake, start and
 * serve IDs: each test starts an application with auto-configuration in a class loader
 * without the other stores' libraries ({@link IsolatedClassPath}). The smoke applications
 * of idgen-smoke-tests check the same from real builds.
 */
class SingleStoreClassPathTests {

	private static final String DATABASE_INITIALIZATION_MODE = "org.springframework.boot.sql.init."
			+ "DatabaseInitializationMode";

	@Test
	void snowflakeStartsWithoutAnyStoreLibraryOrActuator() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, REDIS, MONGO, ACTUATOR);
		assertThat(classPath.hasClass(DATABASE_INITIALIZATION_MODE)).isFalse();
		Map<String, String> report = classPath.run(IsolatedApplication.class,
				Map.of("idgen.backend", "snowflake", "idgen.snowflake.worker-id", "7"));
		assertThat(report).containsEntry("order.backend", "snowflake").containsEntry("invoice.backend", "snowflake");
		long[] ids = ids(report, "order");
		assertThat(ids).isSorted().doesNotHaveDuplicates();
		assertThat(BitLayout.standard().decode(ids[0]).worker()).isEqualTo(7);
		assertThat(report.get("beans")).doesNotContain("idgenHealthIndicator");
	}

	@Test
	void snowflakeStartsWithActuatorAndNoStoreLibrary() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, REDIS, MONGO);
		Map<String, String> report = classPath.run(IsolatedApplication.class, Map.of("idgen.backend", "snowflake",
				"idgen.snowflake.worker-id", "7", "management.endpoints.web.exposure.include", "idgen"));
		assertThat(report).containsEntry("order.backend", "snowflake").containsEntry("health", "UP");
		assertThat(report.get("beans")).contains("idgenHealthIndicator", "idgenMeters", "idgenEndpoint");
	}

	@Test
	void jdbcStartsWithoutRedisOrMongoLibraries() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(REDIS, MONGO, ACTUATOR);
		Map<String, String> report = classPath.run(IsolatedApplication.class, Map.of());
		assertThat(report).containsEntry("order.backend", "jdbc")
			.containsEntry("order.ids", "[1, 2, 3, 4, 5]")
			.containsEntry("invoice.ids", "[1, 2, 3, 4, 5]");
	}

	@Test
	void jdbcStartsWithTheOtherBackendsPropertiesSetAndWithoutTheirLibraries() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(REDIS, MONGO, ACTUATOR);
		Map<String, String> report = classPath.run(IsolatedApplication.class, Map.of("idgen.mongo.write-concern", "w1",
				"idgen.redis.mode", "increment", "idgen.snowflake.worker-id-source", "redis"));
		assertThat(report).containsEntry("order.backend", "jdbc").containsEntry("order.ids", "[1, 2, 3, 4, 5]");
	}

	@Test
	void redisWithLettuceStartsWithoutJdbcOrMongoLibraries() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, MONGO, ACTUATOR, List.of("redis/clients/"));
		assertThat(classPath.hasClass(DATABASE_INITIALIZATION_MODE)).isFalse();
		Map<String, String> report = classPath.run(IsolatedApplication.class, redis());
		assertThat(report).containsEntry("connectionFactory", "LettuceConnectionFactory")
			.containsEntry("order.backend", "redis")
			.containsEntry("order.ids", "[1, 2, 3, 4, 5]")
			.containsEntry("invoice.ids", "[1, 2, 3, 4, 5]");
	}

	@Test
	void redisWithoutAFloorStartsWithoutJdbcLibrariesWhenTheFloorSourceSaysSo() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, MONGO, ACTUATOR, List.of("redis/clients/"));
		Map<String, String> properties = new LinkedHashMap<>(redis());
		properties.put("idgen.redis.floor-source", "none");
		Map<String, String> report = classPath.run(IsolatedApplication.class, properties);
		assertThat(report).containsEntry("order.backend", "redis").containsEntry("order.ids", "[1, 2, 3, 4, 5]");
	}

	@Test
	void redisWithJedisStartsWithoutLettuce() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, MONGO, ACTUATOR, LETTUCE);
		assertThat(classPath.hasClass("io.lettuce.core.RedisClient")).isFalse();
		assertThat(classPath.hasClass("redis.clients.jedis.Jedis")).isTrue();
		Map<String, String> report = classPath.run(IsolatedApplication.class, redis());
		assertThat(report).containsEntry("connectionFactory", "JedisConnectionFactory")
			.containsEntry("order.backend", "redis")
			.containsEntry("order.ids", "[1, 2, 3, 4, 5]")
			.containsEntry("invoice.ids", "[1, 2, 3, 4, 5]");
	}

	@Test
	void redisTimeNodesWithoutLettuceFailAtStartupNamingTheProperty() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, MONGO, ACTUATOR, LETTUCE);
		Map<String, String> properties = new LinkedHashMap<>(redis());
		properties.put("idgen.redis.time.nodes", redisUrl());
		Map<String, String> report = classPath.run(IsolatedApplication.class, properties);
		assertThat(report).containsEntry("failure.property", "idgen.redis.time.nodes");
		assertThat(report.get("failure.description")).contains("idgen.redis.time.nodes", "Lettuce");
		assertThat(report.get("failure.action")).contains("io.lettuce:lettuce-core", "idgen.redis.time.nodes");
	}

	@Test
	void aJdbcFloorOfRedisCountersWithoutJdbcLibrariesFailsAtStartupNamingTheProperty() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, MONGO, ACTUATOR, List.of("redis/clients/"));
		Map<String, String> properties = new LinkedHashMap<>(redis());
		properties.put("idgen.redis.floor-source", "JDBC");
		Map<String, String> report = classPath.run(IsolatedApplication.class, properties);
		assertThat(report).containsEntry("failure.property", "idgen.redis.floor-source");
		assertThat(report.get("failure.description")).contains("spring-boot-starter-jdbc");
		assertThat(report.get("failure.action")).contains("idgen.redis.floor-source=none");
	}

	@Test
	void mongoStartsWithoutJdbcOrRedisLibraries() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, REDIS, ACTUATOR);
		assertThat(classPath.hasClass(DATABASE_INITIALIZATION_MODE)).isFalse();
		Map<String, String> report = classPath.run(IsolatedApplicationOnInJvmMongo.class, Map.of());
		assertThat(report).containsEntry("order.backend", "mongo")
			.containsEntry("order.ids", "[1, 2, 3, 4, 5]")
			.containsEntry("invoice.ids", "[1, 2, 3, 4, 5]");
	}

	private static Map<String, String> redis() {
		LettuceConnectionFactory redis = TestBackends.redis();
		return Map.of("spring.data.redis.host", redis.getHostName(), "spring.data.redis.port",
				String.valueOf(redis.getPort()), "idgen.redis.key-prefix",
				"idgen-classpath-" + UUID.randomUUID().toString().substring(0, 8) + ":", "idgen.sequences.invoice.mode",
				"increment");
	}

	private static String redisUrl() {
		LettuceConnectionFactory redis = TestBackends.redis();
		return "redis://" + redis.getHostName() + ":" + redis.getPort();
	}

	private static long[] ids(Map<String, String> report, String sequence) {
		String ids = report.get(sequence + ".ids");
		return Arrays.stream(ids.substring(1, ids.length() - 1).split(", ")).mapToLong(Long::parseLong).toArray();
	}

}
