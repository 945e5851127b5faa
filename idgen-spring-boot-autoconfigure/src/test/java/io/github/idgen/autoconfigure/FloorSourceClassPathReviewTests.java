package io.github.idgen.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.IsolatedClassPath.ACTUATOR;
import static io.github.idgen.autoconfigure.IsolatedClassPath.JDBC;
import static io.github.idgen.autoconfigure.IsolatedClassPath.MONGO;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of idgen.redis.floor-source (review12) on a class path without the JDBC
 * libraries: asking for the JDBC floor fails at startup naming the property and the fix,
 * and leaving it at 'none' starts.
 */
class FloorSourceClassPathReviewTests {

	@Test
	void jdbcFloorWithoutJdbcLibrariesFailsNamingTheProperty() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, MONGO, ACTUATOR, List.of("redis/clients/"));
		Map<String, String> properties = new LinkedHashMap<>(redis());
		properties.put("idgen.redis.floor-source", "JDBC");
		Map<String, String> report = classPath.run(IsolatedApplication.class, properties);
		assertThat(report).containsEntry("failure.property", "idgen.redis.floor-source");
		assertThat(report.get("failure.description")).contains("spring-boot-starter-jdbc");
		assertThat(report.get("failure.action")).contains("idgen.redis.floor-source=none");
	}

	@Test
	void noFloorWithoutJdbcLibrariesStarts() throws Exception {
		IsolatedClassPath classPath = IsolatedClassPath.without(JDBC, MONGO, ACTUATOR, List.of("redis/clients/"));
		Map<String, String> properties = new LinkedHashMap<>(redis());
		properties.put("idgen.redis.floor-source", "none");
		Map<String, String> report = classPath.run(IsolatedApplication.class, properties);
		assertThat(report).containsEntry("order.backend", "redis").containsEntry("order.ids", "[1, 2, 3, 4, 5]");
	}

	private static Map<String, String> redis() {
		LettuceConnectionFactory redis = TestBackends.redis();
		return Map.of("spring.data.redis.host", redis.getHostName(), "spring.data.redis.port",
				String.valueOf(redis.getPort()), "idgen.redis.key-prefix",
				"idgen-review12-" + UUID.randomUUID().toString().substring(0, 8) + ":");
	}

}
