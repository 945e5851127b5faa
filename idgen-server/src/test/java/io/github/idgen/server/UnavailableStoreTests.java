package io.github.idgen.server;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;

import io.github.idgen.server.ApiCalls.Response;

import static io.github.idgen.server.AbstractServerContractTests.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server whose store does not answer (a PostgreSQL URL where nothing listens) answers
 * 503 with a {@code Retry-After}, and tells no host, port or driver message.
 */
@TestInstance(Lifecycle.PER_CLASS)
class UnavailableStoreTests {

	private ServerInstance server;

	@BeforeAll
	void startServer() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:postgresql://127.0.0.1:1/nowhere?connectTimeout=1");
		properties.put("spring.datasource.username", "nobody");
		properties.put("spring.datasource.hikari.initialization-fail-timeout", "-1");
		properties.put("spring.datasource.hikari.connection-timeout", "250");
		properties.put("idgen.jdbc.initialize-schema", "never");
		properties.put("idgen.segment.fetch-timeout", "500ms");
		this.server = ServerInstance.start(properties);
	}

	@AfterAll
	void stopServer() {
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void idsAndSegmentsAreUnavailableForAWhile() {
		ApiCalls api = this.server.calls();
		for (Response response : new Response[] { api.get("/api/v1/sequences/order/id"),
				api.post("/api/v1/sequences/invoice/ids?count=10"),
				api.postJson("/api/v1/sequences/order/segments", "{\"size\":100}"), api.get("/api/v1/health") }) {
			assertProblem(response, 503, "backend-unavailable");
			assertThat(response.header("Retry-After")).isEqualTo("1");
			assertThat(response.body()).doesNotContain("127.0.0.1")
				.doesNotContain(":1/")
				.doesNotContain("nobody")
				.doesNotContain("SQL");
		}
	}

}
