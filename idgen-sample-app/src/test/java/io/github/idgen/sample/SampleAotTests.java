package io.github.idgen.sample;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests the sample processed ahead of time, as a native image is built from it, and run
 * on the JVM with {@code -Dspring.aot.enabled=true}: on H2, and through its profiles on
 * PostgreSQL and on Redis. Spring AOT decides conditions and profiles when the
 * application is built, so the Maven build processes each profile on its own
 * ({@code process-aot} executions of this module); each test starts one of them in a JVM
 * of its own ({@link AotSample}). The PostgreSQL and Redis tests skip when
 * {@link TestBackends} finds no such server, and fail instead with
 * {@code IDGEN_TEST_REQUIRE_BACKENDS=true}.
 */
class SampleAotTests {

	@Test
	void servesIdsOnH2(@TempDir Path data) throws Exception {
		try (AotSample sample = AotSample.start("h2", "--spring.datasource.url=jdbc:h2:file:" + data.resolve("ids"))) {
			servesIds(sample, "jdbc");
		}
	}

	@Test
	void stripedDataSourcesGivenAtRunTimeToABuildWithoutThemStopTheApplication(@TempDir Path data) throws Exception {
		String output = AotSample.failure("h2", "--spring.datasource.url=jdbc:h2:file:" + data.resolve("ids"),
				"--idgen.jdbc.data-sources=dataSource");
		assertThat(output).contains("idgen.jdbc.data-sources is set to [dataSource]")
			.contains("processed ahead of time");
	}

	@Test
	void sequenceKeysThatWouldBindToAnotherSequenceStopTheApplicationBuiltAheadOfTime(@TempDir Path data)
			throws Exception {
		String output = AotSample.failure("h2", "--spring.datasource.url=jdbc:h2:file:" + data.resolve("ids"),
				"--idgen.sequences.orders/eu.start=5000");
		assertThat(output).contains("idgen.sequences.orders/eu.start").contains("orderseu");
	}

	@Test
	void servesIdsOnPostgres() throws Exception {
		HikariDataSource postgres = TestBackends.postgres().unwrap(HikariDataSource.class);
		JdbcTemplate jdbc = new JdbcTemplate(postgres);
		String schema = "idgen_aot_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		jdbc.execute("CREATE SCHEMA " + schema);
		try (AotSample sample = AotSample.start("postgres",
				datasourceArguments(postgres, schema, "--spring.profiles.active=postgres"))) {
			long last = servesIds(sample, "jdbc");
			assertThat(jdbc.queryForObject("SELECT max_id FROM " + schema + ".idgen_segment WHERE sequence_name = ?",
					Long.class, "order"))
				.isGreaterThanOrEqualTo(last);
		}
		finally {
			jdbc.execute("DROP SCHEMA " + schema + " CASCADE");
		}
	}

	@Test
	void servesIdsFromRedis(@TempDir Path data) throws Exception {
		LettuceConnectionFactory redis = TestBackends.redis();
		String prefix = "idgen-aot-" + UUID.randomUUID() + ":";
		List<String> arguments = new ArrayList<>(
				List.of("--spring.profiles.active=redis", "--spring.data.redis.host=" + redis.getHostName(),
						"--spring.data.redis.port=" + redis.getPort(), "--idgen.redis.key-prefix=" + prefix,
						"--spring.datasource.url=jdbc:h2:file:" + data.resolve("orders")));
		RedisPassword password = redis.getStandaloneConfiguration().getPassword();
		if (password.isPresent()) {
			arguments.add("--spring.data.redis.password=" + new String(password.get()));
		}
		StringRedisTemplate template = new StringRedisTemplate(redis);
		try (AotSample sample = AotSample.start("redis", arguments.toArray(String[]::new))) {
			long last = servesIds(sample, "redis");
			assertThat(Long.parseLong(template.opsForValue().get(prefix + "{order}"))).isGreaterThanOrEqualTo(last);
		}
		finally {
			template.delete(template.keys(prefix + "*"));
		}
	}

	@Test
	void nativeImageMetadataHoldsIdgensHints() throws IOException {
		Path metadata = AotSample.directory()
			.resolve("h2/classes/META-INF/native-image/io.github.idgen/idgen-sample-app/reachability-metadata.json");
		DocumentContext json = JsonPath.parse(metadata.toFile());
		List<String> globs = json.read("$.resources[*].glob");
		assertThat(globs).contains("io/github/idgen/jdbc/*.sql", "io/github/idgen/redis/*.lua",
				"io/github/idgen/redis/time/*.lua", "META-INF/spring-configuration-metadata.json");
		for (String type : List.of("javax.sql.DataSource", "org.springframework.boot.jdbc.EmbeddedDatabaseConnection",
				"org.springframework.data.redis.connection.RedisConnectionFactory",
				"org.springframework.data.mongodb.core.MongoTemplate")) {
			assertThat(reflection(json, type)).as(type)
				.singleElement()
				.satisfies((entry) -> assertThat(entry)
					.as("%s is looked up by name whenever idgen starts, so it must not depend on a condition", type)
					.doesNotContainKey("condition"));
		}
		assertThat(json.<List<String>>read(
				"$.reflection[?(@.type == 'io.github.idgen.segment.SegmentBuffer$Block')]" + ".fields[*].name"))
			.containsExactly("cursor");
		assertThat(reflection(json, "io.github.idgen.entity.hibernate.SequenceIdGenerator")).singleElement()
			.satisfies((entry) -> assertThat(entry).containsEntry("allDeclaredConstructors", true));
		assertThat(reflection(json, "io.github.idgen.sample.IdController$SingleId")).hasSize(1);
		assertThat(reflection(json, "io.github.idgen.sample.IdController$IdBatch")).hasSize(1);
	}

	private static List<Map<String, Object>> reflection(DocumentContext json, String type) {
		return json.read("$.reflection[?(@.type == '" + type + "')]");
	}

	/**
	 * Draw IDs, an order and the health from the sample, and check that it was processed
	 * ahead of time and that its IDs come from the given backend.
	 * @return the last ID drawn
	 */
	private static long servesIds(AotSample sample, String backend) throws IOException {
		assertThat(sample.output()).contains("Starting AOT-processed SampleApplication");
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			Map<?, ?> body = sample.http().get().uri("/ids/order").retrieve().body(Map.class);
			ids.add(Long.parseLong((String) body.get("id")));
		}
		assertThat(ids).doesNotHaveDuplicates().isSorted();
		assertThat(sample.http().get().uri("/actuator/health").retrieve().body(Map.class)).containsEntry("status",
				"UP");
		assertThat(JsonPath.<String>read(sample.http().get().uri("/actuator/idgen").retrieve().body(String.class),
				"$.sequences.order.backend"))
			.isEqualTo(backend);
		ResponseEntity<Map> order = sample.http()
			.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"customer\":\"Ada\"}")
			.retrieve()
			.toEntity(Map.class);
		assertThat(order.getStatusCode()).isEqualTo(HttpStatus.CREATED);
		assertThat(Long.parseLong((String) order.getBody().get("id"))).isPositive();
		return ids.get(ids.size() - 1);
	}

	private static String[] datasourceArguments(HikariDataSource dataSource, String schema, String... others) {
		List<String> arguments = new ArrayList<>(List.of(others));
		String url = dataSource.getJdbcUrl();
		arguments.add("--spring.datasource.url=" + url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema);
		if (dataSource.getUsername() != null) {
			arguments.add("--spring.datasource.username=" + dataSource.getUsername());
		}
		if (dataSource.getPassword() != null) {
			arguments.add("--spring.datasource.password=" + dataSource.getPassword());
		}
		return arguments.toArray(String[]::new);
	}

}
