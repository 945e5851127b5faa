package io.github.idgen.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import tools.jackson.databind.JsonNode;

import io.github.idgen.server.ApiCalls.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of the ID server's HTTP API, against a server running on a free port over
 * one store, called as a client in another process would call it. Subclasses supply the
 * store.
 */
@TestInstance(Lifecycle.PER_CLASS)
abstract class AbstractServerContractTests {

	static final String PROBLEM_JSON = "application/problem+json";

	private static final String PROBLEMS = "https://idgen.github.io/problems/";

	private ServerInstance server;

	private ApiCalls api;

	/**
	 * Return the properties that put the server on the store under test.
	 * @return the properties
	 */
	protected abstract Map<String, String> storeProperties();

	/**
	 * Return the counter table the server uses.
	 * @return the table name
	 */
	protected abstract String table();

	@BeforeAll
	void startServer() {
		Map<String, String> properties = new LinkedHashMap<>(storeProperties());
		properties.put("idgen.snowflake.worker-id", "1");
		properties.put("idgen.sequences.event.backend", "snowflake");
		properties.put("idgen.sequences.tiny.max-value", "3");
		this.server = ServerInstance.start(properties);
		this.api = this.server.calls();
	}

	@AfterAll
	void stopServer() {
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void oneIdIsPlainTextAndEachIsAboveTheLast() {
		Response first = this.api.get("/api/v1/sequences/order/id");
		Response second = this.api.get("/api/v1/sequences/order/id");
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.contentType()).startsWith("text/plain");
		assertThat(Long.parseLong(first.body())).isGreaterThanOrEqualTo(1_000_000);
		assertThat(Long.parseLong(second.body())).isGreaterThan(Long.parseLong(first.body()));
	}

	@Test
	void healthIsUpWhileTheStoreAnswers() {
		Response health = this.api.get("/api/v1/health");
		assertThat(health.status()).isEqualTo(200);
		assertThat(health.body()).isEqualTo("{\"status\":\"UP\"}");
	}

	@Test
	void aBatchIsJsonStringsAscendingAndNumbersOnRequest() {
		Response strings = this.api.post("/api/v1/sequences/invoice/ids?count=5");
		assertThat(strings.status()).isEqualTo(200);
		assertThat(strings.contentType()).startsWith("application/json");
		JsonNode body = strings.json();
		assertThat(body.get("sequence").asString()).isEqualTo("invoice");
		assertThat(body.get("ids")).hasSize(5).allSatisfy((id) -> assertThat(id.isString()).isTrue());
		List<Long> ids = new ArrayList<>();
		body.get("ids").forEach((id) -> ids.add(Long.parseLong(id.asString())));
		assertThat(ids).isSorted().doesNotHaveDuplicates();
		JsonNode numbers = this.api.post("/api/v1/sequences/invoice/ids?count=3&format=number").json();
		assertThat(numbers.get("ids")).hasSize(3).allSatisfy((id) -> assertThat(id.isNumber()).isTrue());
		assertThat(numbers.get("ids").get(0).asLong()).isGreaterThan(ids.get(4));
	}

	@Test
	void aSegmentIsTheCallersAloneBesideTheServersOwnIds() {
		Response response = this.api.postJson("/api/v1/sequences/order/segments", "{\"size\":500}");
		assertThat(response.status()).isEqualTo(200);
		JsonNode segment = response.json();
		assertThat(segment.get("sequence").asString()).isEqualTo("order");
		assertThat(segment.get("start").isString()).isTrue();
		assertThat(segment.get("count").asLong()).isEqualTo(500);
		assertThat(segment.get("stride").asLong()).isEqualTo(1);
		Set<Long> all = new HashSet<>();
		List<Long> drawn = new ArrayList<>();
		for (int round = 0; round < 20; round++) {
			drawn.addAll(this.api.segment("order", 37));
			drawn.addAll(this.api.ids("order", 50));
			drawn.add(Long.parseLong(this.api.get("/api/v1/sequences/order/id").body()));
		}
		drawn.addAll(this.api.segment("order", 500));
		all.addAll(drawn);
		assertThat(all).hasSize(drawn.size());
	}

	@Test
	void aSegmentLargerThanTheMaximumIsCut() {
		JsonNode segment = this.api.postJson("/api/v1/sequences/invoice/segments", "{\"size\":1000000}").json();
		assertThat(segment.get("count").asLong()).isEqualTo(10_000);
	}

	@Test
	void formattedIdsAndTheirDecoding() {
		Response response = this.api.post("/api/v1/sequences/order-number/formatted?count=3");
		assertThat(response.status()).isEqualTo(200);
		JsonNode ids = response.json().get("ids");
		assertThat(ids).hasSize(3).allSatisfy((id) -> assertThat(id.asString()).matches("ORD\\d{8}\\d{6}"));
		String last = ids.get(2).asString();
		JsonNode decoded = this.api.get("/api/v1/sequences/order-number/decode/" + last).json();
		assertThat(decoded.get("value").asString()).isEqualTo(Long.toString(Long.parseLong(last.substring(11))));
	}

	@Test
	void aSnowflakeIdIsDecodedAndItsSequenceHandsOutNoSegment() {
		long id = Long.parseLong(this.api.get("/api/v1/sequences/event/id").body());
		JsonNode decoded = this.api.get("/api/v1/sequences/event/decode/" + id).json();
		assertThat(decoded.get("fields").get("snowflake").get("worker").asLong()).isEqualTo(1);
		assertProblem(this.api.postJson("/api/v1/sequences/event/segments", "{\"size\":10}"), 409, "not-segmentable");
		assertThat(this.api.ids("event", 3)).hasSize(3).isSorted();
	}

	@Test
	void sequencesWithoutFormatOrFieldsRefuseThoseCalls() {
		assertProblem(this.api.post("/api/v1/sequences/order/formatted"), 409, "not-formatted");
		assertProblem(this.api.get("/api/v1/sequences/order/decode/1000000"), 409, "not-decodable");
		assertProblem(this.api.postJson("/api/v1/sequences/order-number/segments", "{\"size\":10}"), 409,
				"not-segmentable");
		assertProblem(this.api.get("/api/v1/sequences/order-number/decode/XYZ"), 400, "invalid-id");
	}

	@Test
	void anExhaustedSequenceIsAConflict() {
		JsonNode last = this.api.postJson("/api/v1/sequences/tiny/segments", "{\"size\":10}").json();
		assertThat(last.get("start").asString()).isEqualTo("1");
		assertThat(last.get("count").asLong()).isEqualTo(3);
		assertProblem(this.api.postJson("/api/v1/sequences/tiny/segments", "{\"size\":10}"), 409, "sequence-exhausted");
	}

	@Test
	void unknownAndHostileNamesAreRefusedAndCreateNoCounter() {
		List<String> names = List.of("not-configured", "{order}", "a@b", "o'r\"der", "tab\there", "x".repeat(10_000));
		for (String name : names) {
			String path = "/api/v1/sequences/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
			assertProblem(this.api.get(path + "/id"), 404, "unknown-sequence");
			assertProblem(this.api.post(path + "/ids?count=2"), 404, "unknown-sequence");
			assertProblem(this.api.postJson(path + "/segments", "{\"size\":10}"), 404, "unknown-sequence");
			assertThat(this.server.counterRows(table(), name)).isZero();
		}
		Response hostile = this.api.get("/api/v1/sequences/" + "x".repeat(10_000) + "/id");
		assertThat(hostile.json().get("detail").asString()).hasSizeLessThan(200).doesNotContain("x".repeat(100));
	}

	@Test
	void badCountsAreRefusedAtOnce() {
		for (String count : List.of("0", "-1", "1001", "1000000000", "99999999999999999999", "abc")) {
			Response response = this.api.post("/api/v1/sequences/order/ids?count=" + count);
			assertProblem(response, 400, "invalid-count");
			assertThat(response.json().get("detail").asString())
				.isEqualTo("count must be a whole number from 1 to 1000");
		}
		assertProblem(this.api.post("/api/v1/sequences/order/ids?format=words"), 400, "invalid-request");
	}

	@Test
	void badSegmentRequestsAreRefused() {
		assertProblem(this.api.postJson("/api/v1/sequences/order/segments", "{\"size\":0}"), 400, "invalid-size");
		assertProblem(this.api.postJson("/api/v1/sequences/order/segments", "{}"), 400, "invalid-size");
		assertProblem(this.api.postJson("/api/v1/sequences/order/segments", "{\"size\":"), 400, "invalid-request");
		assertProblem(this.api.postJson("/api/v1/sequences/order/segments", "[1]"), 400, "invalid-request");
	}

	@Test
	void aTenMegabyteBodyIsRefusedFromItsLengthBeforeItIsSent() throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.server.port())) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(("POST /api/v1/sequences/order/segments HTTP/1.1\r\nHost: 127.0.0.1\r\n"
					+ "Content-Type: application/json\r\nContent-Length: 10485760\r\n\r\n{\"size\":")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			StringBuilder answer = new StringBuilder();
			byte[] buffer = new byte[1024];
			int read;
			while (!answer.toString().contains("request-too-large") && (read = in.read(buffer)) > 0) {
				answer.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
			}
			assertThat(answer.toString()).startsWith("HTTP/1.1 413")
				.contains("application/problem+json")
				.contains(PROBLEMS + "request-too-large");
		}
	}

	@Test
	void requestsAreCountedBySequenceAndOutcome() {
		MeterRegistry meters = this.server.context().getBean(MeterRegistry.class);
		this.api.get("/api/v1/sequences/invoice/id");
		this.api.get("/api/v1/sequences/invented-" + System.nanoTime() + "/id");
		assertThat(meters.get("idgen.server.requests")
			.tag("sequence", "invoice")
			.tag("outcome", "success")
			.counter()
			.count()).isPositive();
		assertThat(meters.get("idgen.server.requests")
			.tag("sequence", "other")
			.tag("outcome", "unknown-sequence")
			.counter()
			.count()).isPositive();
	}

	@Test
	void healthAndMetricsAreServed() {
		Response health = this.api.get("/actuator/health");
		assertThat(health.status()).isEqualTo(200);
		assertThat(health.json().get("status").asString()).isEqualTo("UP");
		this.api.get("/api/v1/sequences/order/id");
		assertThat(this.api.get("/actuator/metrics/idgen.server.requests").status()).isEqualTo(200);
	}

	static void assertProblem(Response response, int status, String type) {
		assertThat(response.status()).as(response.body()).isEqualTo(status);
		assertThat(response.contentType()).startsWith(PROBLEM_JSON);
		JsonNode problem = response.json();
		assertThat(problem.get("type").asString()).isEqualTo(PROBLEMS + type);
		assertThat(problem.get("status").asInt()).isEqualTo(status);
		assertThat(response.body()).doesNotContain("Exception").doesNotContain("at io.github");
	}

}
