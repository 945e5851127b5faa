package io.github.idgen.autoconfigure.endpoint;

import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the write operation of {@link IdGeneratorEndpoint} over HTTP, with
 * {@code management.endpoint.idgen.access=unrestricted}.
 */
@SpringBootTest(classes = IdGeneratorEndpointWebTests.Application.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=idgen", "idgen.backend=jdbc",
				"management.endpoint.idgen.access=unrestricted", "idgen.unknown-sequences=reject",
				"idgen.sequences.order.step=100", "idgen.sequences.order.min-step=100",
				"idgen.sequences.order.max-step=100",
				"spring.autoconfigure.exclude=org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration,"
						+ "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration,"
						+ "org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration" })
class IdGeneratorEndpointWriteAccessWebTests {

	@LocalServerPort
	private int port;

	@Test
	void postWarmsASequenceUp() {
		assertThat(get("/actuator/idgen/order")).contains("\"started\":false");
		ResponseEntity<String> response = IdGeneratorEndpointWebTests.client(this.port)
			.post()
			.uri("/actuator/idgen/order")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{}")
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode().value()).isEqualTo(200);
		Map<String, Object> order = JsonPath.parse(get("/actuator/idgen/order")).read("$");
		assertThat(order).containsEntry("started", true)
			.containsEntry("segmentStart", 1)
			.containsEntry("remaining", 100)
			.containsEntry("prefetched", 100)
			.containsEntry("issued", 0);
	}

	@Test
	void postOfARejectedSequenceIsNotFound() {
		ResponseEntity<String> response = IdGeneratorEndpointWebTests.client(this.port)
			.post()
			.uri("/actuator/idgen/unknown")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{}")
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode().value()).isEqualTo(404);
	}

	private String get(String path) {
		return IdGeneratorEndpointWebTests.client(this.port).get().uri(path).retrieve().body(String.class);
	}

}
