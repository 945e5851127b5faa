package io.github.idgen.server;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static io.github.idgen.server.AbstractServerContractTests.assertProblem;

/**
 * The numbers of a formatted sequence come from {@code /formatted} only: {@code /id} and
 * {@code /ids} would hand out the bare counter, which a sequence that resets hands out
 * again in every period (the shipped {@code order-number} has a counter per day).
 */
class FormattedSequenceNumbersTests {

	@Test
	void theCounterOfAFormattedSequenceIsNotHandedOutAsAnId() {
		try (ServerInstance server = ServerInstance
			.start(Map.of("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID()))) {
			ApiCalls api = server.calls();
			assertProblem(api.get("/api/v1/sequences/order-number/id"), 409, "not-numeric");
			assertProblem(api.post("/api/v1/sequences/order-number/ids?count=2"), 409, "not-numeric");
			api.post("/api/v1/sequences/order-number/formatted?count=2").requireStatus(200);
		}
	}

}
