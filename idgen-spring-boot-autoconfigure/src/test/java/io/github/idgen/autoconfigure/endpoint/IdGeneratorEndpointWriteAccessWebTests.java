package io.github.idgen.autoconfigure.endpoint;

import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import io.github.idgen.IdGenerator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the write operations of {@link IdGeneratorEndpoint} over HTTP, warming up and
 * decoding formatted IDs, with {@code management.endpoint.idgen.access=unrestricted}.
 */
@SpringBootTest(classes = IdGeneratorEndpointWebTests.Application.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=idgen", "idgen.backend=jdbc",
				"management.endpoint.idgen.access=unrestricted", "idgen.unknown-sequences=reject",
				"idgen.sequences.order.step=100", "idgen.sequences.order.min-step=100",
				"idgen.sequences.order.max-step=100", "idgen.sequences.receipt.format=R{seq:8}",
				"idgen.sequences.receipt.obfuscate=true", "idgen.obfuscation.key=" + IdGeneratorEndpointWebTests.KEY,
				"spring.autoconfigure.exclude=org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration,"
						+ "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration,"
						+ "org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration" })
class IdGeneratorEndpointWriteAccessWebTests {

	@LocalServerPort
	private int port;

	@Autowired
	private IdGenerator ids;

	@Test
	void postWarmsASequenceUp() {
		assertThat(get("/actuator/idgen/order")).contains("\"started\":false");
		ResponseEntity<String> response = post("/actuator/idgen/order", "{}");
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		Map<String, Object> order = JsonPath.parse(get("/actuator/idgen/order")).read("$");
		assertThat(order).containsEntry("started", true)
			.containsEntry("segmentStart", 1)
			.containsEntry("remaining", 100)
			.containsEntry("prefetched", 100)
			.containsEntry("issued", 0);
	}

	@Test
	void showsTheCountsOfAnObfuscatedSequenceWithUnrestrictedAccess() {
		this.ids.nextFormattedId("receipt");
		this.ids.nextFormattedId("receipt");
		Map<String, Object> receipt = JsonPath.parse(get("/actuator/idgen/receipt")).read("$");
		assertThat(receipt).containsEntry("obfuscated", true).containsKeys("issued", "counter");
		assertThat((Integer) receipt.get("issued")).isGreaterThanOrEqualTo(2);
	}

	@Test
	void postOfARejectedSequenceIsNotFound() {
		ResponseEntity<String> response = post("/actuator/idgen/unknown", "{}");
		assertThat(response.getStatusCode().value()).isEqualTo(404);
	}

	@Test
	void postDecodesAnObfuscatedNumberToItsCounter() {
		String first = this.ids.nextFormattedId("receipt");
		String second = this.ids.nextFormattedId("receipt");
		ResponseEntity<String> response = decode("receipt", "{\"id\":\"" + second + "\"}");
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		Map<String, Object> decoded = JsonPath.parse(response.getBody()).read("$");
		assertThat(decoded).containsEntry("sequence", "receipt").containsEntry("id", second).containsEntry("value", 2);
		assertThat(
				JsonPath.parse(decode("receipt", "{\"id\":\"" + first + "\"}").getBody()).read("$.value", Long.class))
			.isEqualTo(1);
	}

	@Test
	void postDecodeRefusesWhatTheFormatCannotHaveWritten() {
		ResponseEntity<String> notANumber = decode("receipt", "{\"id\":\"R1234567x\"}");
		assertThat(notANumber.getStatusCode().value()).isEqualTo(400);
		assertThat(notANumber.getBody()).contains("'R1234567x' is not an ID of sequence 'receipt' with format "
				+ "'R{seq:8}': the value holds a character other than the digits 0 to 9 at index 7");
		ResponseEntity<String> noFormat = decode("order", "{\"id\":\"R12345678\"}");
		assertThat(noFormat.getStatusCode().value()).isEqualTo(400);
		assertThat(noFormat.getBody()).contains("Sequence 'order' has no format");
		assertThat(decode("unknown", "{\"id\":\"R12345678\"}").getStatusCode().value()).isEqualTo(404);
		assertThat(decode("receipt", "{}").getStatusCode().value()).isEqualTo(400);
		ResponseEntity<String> otherOperation = post("/actuator/idgen/receipt/encode", "{\"id\":\"R12345678\"}");
		assertThat(otherOperation.getStatusCode().value()).isEqualTo(404);
	}

	private ResponseEntity<String> decode(String sequence, String body) {
		return post("/actuator/idgen/" + sequence + "/decode", body);
	}

	private ResponseEntity<String> post(String path, String body) {
		return IdGeneratorEndpointWebTests.client(this.port)
			.post()
			.uri(path)
			.contentType(MediaType.APPLICATION_JSON)
			.body(body)
			.retrieve()
			.toEntity(String.class);
	}

	private String get(String path) {
		return IdGeneratorEndpointWebTests.client(this.port).get().uri(path).retrieve().body(String.class);
	}

}
