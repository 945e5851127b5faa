package io.github.idgen.autoconfigure.endpoint;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

import io.github.idgen.IdGenerator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link IdGeneratorEndpoint} over HTTP, on embedded H2 with a snowflake
 * sequence next to the JDBC ones, and its write operation switched off.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
		"management.endpoints.web.exposure.include=idgen,health,metrics", "idgen.backend=jdbc",
		"spring.datasource.url=jdbc:h2:mem:idgen-endpoint;DB_CLOSE_DELAY=-1", "spring.datasource.username=sa",
		"spring.datasource.password=s3cr3t-pw", "idgen.sequences.invoice.step=2000",
		"idgen.sequences.event.backend=snowflake", "idgen.snowflake.worker-id=3",
		"idgen.sequences.receipt.format=R{seq:8}", "idgen.sequences.receipt.obfuscate=true",
		"idgen.sequences.daily-receipt.format=D{yyyyMMdd}{seq:8}", "idgen.sequences.daily-receipt.reset=daily",
		"idgen.sequences.daily-receipt.permutation=per-period", "idgen.sequences.daily-receipt.obfuscate=true",
		"idgen.obfuscation.key=" + IdGeneratorEndpointWebTests.KEY,
		"spring.autoconfigure.exclude=org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration,"
				+ "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration,"
				+ "org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration" })
class IdGeneratorEndpointWebTests {

	/**
	 * The obfuscation key of sequence {@code receipt}.
	 */
	static final String KEY = "ZyMCS2vdnq1nOOjUN3a0tq72ZHPANI0kXlCeDEEbK+Y=";

	@LocalServerPort
	private int port;

	@Autowired
	private IdGenerator ids;

	@Test
	void listsUsedAndConfiguredSequences() {
		this.ids.nextIds("listed", 10);
		this.ids.nextId("event");
		ResponseEntity<String> response = get("/actuator/idgen");
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		DocumentContext json = JsonPath.parse(response.getBody());
		Map<String, Object> listed = json.read("$.sequences.listed");
		assertThat(listed).containsEntry("backend", "jdbc")
			.containsEntry("started", true)
			.containsEntry("issued", 10)
			.containsEntry("segmentStart", 1)
			.containsEntry("segmentEnd", 1001)
			.containsEntry("remaining", 990)
			.containsEntry("step", 1000)
			.as("a segment used up within segment-duration doubles the next step")
			.containsEntry("nextStep", 2000)
			.containsKeys("lastFetchAt", "lastFetchMillis", "prefetched");
		Map<String, Object> event = json.read("$.sequences.event");
		assertThat(event).containsEntry("backend", "snowflake")
			.containsEntry("started", true)
			.containsEntry("workerId", 3);
		assertThat((Integer) event.get("issued")).isPositive();
		assertThat((Map<String, Object>) json.read("$.sequences.invoice")).containsEntry("backend", "jdbc")
			.containsEntry("started", false)
			.containsEntry("issued", 0);
		assertThat((Map<String, Object>) json.read("$.sequences.default")).containsEntry("started", false);
	}

	@Test
	void showsOneSequence() {
		this.ids.nextIds("single", 3);
		ResponseEntity<String> response = get("/actuator/idgen/single");
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		Map<String, Object> single = JsonPath.parse(response.getBody()).read("$");
		assertThat(single).containsEntry("backend", "jdbc").containsEntry("issued", 3).containsKey("segmentStart");
	}

	@Test
	void unknownSequenceIsNotFoundWithAMessage() {
		ResponseEntity<String> response = get("/actuator/idgen/never-used");
		assertThat(response.getStatusCode().value()).isEqualTo(404);
		assertThat(response.getBody()).contains("never-used");
	}

	@Test
	void decodesASnowflakeId() {
		long id = this.ids.nextId("event");
		ResponseEntity<String> response = get("/actuator/idgen/decode/" + id);
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		DocumentContext json = JsonPath.parse(response.getBody());
		assertThat(json.read("$.id", Long.class)).isEqualTo(id);
		assertThat(json.read("$.snowflake.worker", Integer.class)).isEqualTo(3);
		assertThat(json.read("$.snowflake.timestamp", String.class)).startsWith("20");
		assertThat(json.read("$.snowflake.millis", Long.class)).isPositive();
		assertThat((Object) json.read("$.snowflake.sequence")).isNotNull();
	}

	@Test
	void decodeRejectsWhatIsNotAnIdAndOtherOperations() {
		assertThat(get("/actuator/idgen/decode/abc").getStatusCode().value()).isEqualTo(400);
		assertThat(get("/actuator/idgen/decode/-5").getStatusCode().value()).isEqualTo(404);
		assertThat(get("/actuator/idgen/encode/5").getStatusCode().value()).isEqualTo(404);
	}

	@Test
	void offersNoWriteOperationByDefault() {
		ResponseEntity<String> response = post("/actuator/idgen/order");
		assertThat(response.getStatusCode().value()).isIn(404, 405);
		String receipt = this.ids.nextFormattedId("receipt");
		ResponseEntity<String> decode = client().post()
			.uri("/actuator/idgen/receipt/decode")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"id\":\"" + receipt + "\"}")
			.retrieve()
			.toEntity(String.class);
		assertThat(decode.getStatusCode().value()).isIn(404, 405);
		assertThat(decode.getBody()).doesNotContain("\"value\"");
		assertThat(get("/actuator/idgen/warmed-by-post").getStatusCode().value()).isEqualTo(404);
	}

	@Test
	void publishesTheMetersThroughTheActuator() {
		this.ids.nextIds("metered", 7);
		assertThat(measurement("idgen.ids.issued?tag=sequence:metered&tag=backend:jdbc", "COUNT")).isEqualTo(7);
		assertThat(measurement("idgen.segment.remaining?tag=sequence:metered&tag=backend:jdbc", "VALUE"))
			.isEqualTo(993);
		Awaitility.await()
			.atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(measurement(
					"idgen.segment.fetch?tag=sequence:metered&tag=backend:jdbc&tag=outcome:success", "COUNT"))
				.as("the fetch, reported once its segment is served")
				.isGreaterThanOrEqualTo(1));
		this.ids.nextId("event");
		assertThat(measurement("idgen.ids.issued?tag=sequence:event&tag=backend:snowflake", "COUNT"))
			.isGreaterThanOrEqualTo(1);
		assertThat(measurement("idgen.snowflake.clock.backward?tag=backend:snowflake", "COUNT")).isZero();
	}

	@Test
	void revealsNoConnectionDetailsOrKey() {
		this.ids.nextId("order");
		this.ids.nextFormattedId("receipt");
		String body = get("/actuator/idgen").getBody() + get("/actuator/idgen/order").getBody()
				+ get("/actuator/idgen/receipt").getBody() + get("/actuator/health").getBody();
		assertThat(body).doesNotContain("jdbc:").doesNotContain("s3cr3t-pw").doesNotContain("idgen-endpoint");
		assertThat(body).doesNotContain(KEY).doesNotContain(KEY.substring(0, 12)).contains("\"obfuscated\":true");
	}

	@Test
	void hidesTheCountsOfAnObfuscatedSequenceWithoutUnrestrictedAccess() {
		for (int i = 0; i < 3; i++) {
			this.ids.nextFormattedId("receipt");
			this.ids.nextFormattedId("daily-receipt");
		}
		DocumentContext listing = JsonPath.parse(get("/actuator/idgen").getBody());
		Map<String, Map<String, Object>> sequences = listing.read("$.sequences");
		Map<String, Object> one = JsonPath.parse(get("/actuator/idgen/receipt").getBody()).read("$");
		assertThat(one).containsEntry("obfuscated", true)
			.containsEntry("started", true)
			.containsEntry("format", "R{seq:8}")
			.containsEntry("counts", "hidden: obfuscated, shown with management.endpoint.idgen.access=unrestricted");
		assertThat(sequences).hasEntrySatisfying("daily-receipt",
				(daily) -> assertThat(daily).containsEntry("reset", "daily").containsEntry("obfuscated", true));
		sequences.forEach((name, sequence) -> {
			if (name.startsWith("receipt") || name.startsWith("daily-receipt")) {
				assertThat(sequence).as(name)
					.containsEntry("obfuscated", true)
					.doesNotContainKeys("issued", "counter", "segmentStart", "segmentEnd", "remaining", "prefetched",
							"step", "nextStep", "runway", "position");
			}
		});
		assertThat(sequences.keySet()).anyMatch((name) -> name.startsWith("daily-receipt@"));
		assertThat(one).doesNotContainKeys("issued", "counter", "segmentStart", "remaining", "runway");
	}

	@Test
	void publishesNoCountingMetersOfAnObfuscatedSequence() {
		this.ids.nextFormattedId("receipt");
		this.ids.nextFormattedId("daily-receipt");
		for (String meter : new String[] { "idgen.ids.issued", "idgen.segment.remaining", "idgen.segment.fetch",
				"idgen.runway", "idgen.remaining" }) {
			assertThat(get("/actuator/metrics/" + meter + "?tag=sequence:receipt").getStatusCode().value()).as(meter)
				.isEqualTo(404);
			assertThat(get("/actuator/metrics/" + meter + "?tag=sequence:daily-receipt").getStatusCode().value())
				.as(meter)
				.isEqualTo(404);
		}
	}

	private double measurement(String meterAndTags, String statistic) {
		ResponseEntity<String> response = get("/actuator/metrics/" + meterAndTags);
		assertThat(response.getStatusCode().value()).as(meterAndTags).isEqualTo(200);
		List<Number> values = JsonPath.parse(response.getBody())
			.read("$.measurements[?(@.statistic == '" + statistic + "')].value");
		assertThat(values).as("%s of %s", statistic, meterAndTags).hasSize(1);
		return values.get(0).doubleValue();
	}

	private ResponseEntity<String> get(String path) {
		return client().get().uri(path).retrieve().toEntity(String.class);
	}

	private ResponseEntity<String> post(String path) {
		return client().post()
			.uri(path)
			.contentType(MediaType.APPLICATION_JSON)
			.body("{}")
			.retrieve()
			.toEntity(String.class);
	}

	private RestClient client() {
		return client(this.port);
	}

	static RestClient client(int port) {
		return RestClient.builder()
			.baseUrl("http://localhost:" + port)
			.defaultStatusHandler(HttpStatusCode::isError, (request, response) -> {
			})
			.build();
	}

	@SpringBootConfiguration
	// r2dbc-h2, on the test class path for the R2DBC tests, would give the application an
	// R2DBC ConnectionFactory, and Spring Boot then configures no DataSource
	@EnableAutoConfiguration(excludeName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration")
	static class Application {

	}

}
