package io.github.idgen.sample;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.client.RestClient;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.Sequence;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests the sample over HTTP, on its embedded H2 file database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "spring.datasource.url=jdbc:h2:file:./target/sample-test/${random.uuid}")
class SampleApplicationTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DefaultIdGenerator generator;

	@Test
	void servesIncreasingIdsFromConfiguredStart() {
		Map<String, Object> first = get("/ids/order").getBody();
		Map<String, Object> second = get("/ids/order").getBody();
		assertThat(first).containsEntry("sequence", "order");
		assertThat(first.get("id")).isEqualTo("1000000");
		assertThat(second.get("id")).isEqualTo("1000001");
	}

	@Test
	void servesIdsAboveTwoToThe53AsExactStrings() {
		assertThat(get("/ids/ticket").getBody()).containsEntry("id", "9007199254740993");
		assertThat(get("/ids/ticket?count=2").getBody()).containsEntry("ids",
				List.of("9007199254740994", "9007199254740995"));
	}

	@Test
	@SuppressWarnings("unchecked")
	void servesBatches() {
		Map<String, Object> batch = get("/ids/invoice?count=5").getBody();
		List<String> ids = (List<String>) batch.get("ids");
		assertThat(ids).hasSize(5);
		long first = Long.parseLong(ids.get(0));
		assertThat(ids).extracting(Long::parseLong).containsExactly(first, first + 1, first + 2, first + 3, first + 4);
	}

	@Test
	void rejectsBatchSizeOutOfRange() {
		for (String count : List.of("0", "-1", "1001")) {
			ResponseEntity<Map<String, Object>> response = get("/ids/order?count=" + count);
			assertThat(response.getStatusCode()).isEqualTo(HttpStatusCode.valueOf(400));
			assertThat(response.getBody().get("detail").toString()).contains("count must be between 1 and 1000");
		}
	}

	@Test
	void rejectsSequencesThatAreNotConfiguredWithoutCreatingAnything() {
		ResponseEntity<Map<String, Object>> response = get("/ids/typed-by-a-visitor");
		assertThat(response.getStatusCode()).isEqualTo(HttpStatusCode.valueOf(404));
		assertThat(response.getBody().get("detail").toString()).startsWith("Unknown sequence 'typed-by-a-visitor'");
		for (String name : List.of("x".repeat(1000), "order@20261121")) {
			ResponseEntity<Map<String, Object>> invalid = get("/ids/" + name);
			assertThat(invalid.getStatusCode()).isEqualTo(HttpStatusCode.valueOf(400));
			assertThat(invalid.getBody().get("detail").toString()).startsWith("Sequence name must")
				.hasSizeLessThan(300);
		}
		assertThat(this.jdbc.queryForList("select sequence_name from idgen_segment", String.class))
			.doesNotContain("typed-by-a-visitor");
		assertThat(this.generator.sequences()).extracting(Sequence::name).doesNotContain("typed-by-a-visitor");
	}

	@Test
	@SuppressWarnings("unchecked")
	void healthShowsTheStatusButNoDetailsToAnonymousVisitors() {
		get("/ids/order");
		Map<String, Object> health = get("/actuator/health").getBody();
		assertThat(health).containsEntry("status", "UP").doesNotContainKeys("components", "details");
		Map<String, Object> sequences = (Map<String, Object>) get("/actuator/idgen").getBody().get("sequences");
		assertThat((Map<String, Object>) sequences.get("order")).containsKeys("segmentEnd", "remaining", "step");
	}

	private ResponseEntity<Map<String, Object>> get(String path) {
		return RestClient.create("http://localhost:" + this.port)
			.get()
			.uri(path)
			.exchange((request, response) -> ResponseEntity.status(response.getStatusCode())
				.body(response.bodyTo(new org.springframework.core.ParameterizedTypeReference<Map<String, Object>>() {
				})));
	}

}
