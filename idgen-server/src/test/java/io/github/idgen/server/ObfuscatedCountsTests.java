package io.github.idgen.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.github.idgen.server.ApiCalls.Response;

import static io.github.idgen.server.AbstractServerContractTests.assertProblem;

/**
 * Decoding an obfuscated sequence's numbers needs a client allowed to decode, and
 * {@code /id} and {@code /ids} of such a sequence, which would hand any client that may
 * use it the bare counter values that obfuscation hides, answer {@code not-numeric}.
 */
class ObfuscatedCountsTests {

	@Test
	void aClientThatMayNotDecodeGetsNoCountsOfAnObfuscatedSequence() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
		properties.put("idgen.server.clients.shop.token-sha256", ServerSecurityTests.sha256("shop-secret"));
		properties.put("idgen.server.clients.shop.sequences", "ticket-number");
		properties.put("idgen.obfuscation.key", "9I3MvP59s9iNYkuTfZzqAGwb1u9o8t9QEOiaFvtRAeg=");
		properties.put("idgen.sequences.ticket-number.format", "TKT{yyyyMMdd}{seq:6}");
		properties.put("idgen.sequences.ticket-number.reset", "daily");
		properties.put("idgen.sequences.ticket-number.obfuscate", "true");
		properties.put("idgen.sequences.ticket-number.permutation", "per-period");
		try (ServerInstance server = ServerInstance.start(properties)) {
			ApiCalls shop = server.calls().withToken("shop-secret");
			shop.post("/api/v1/sequences/ticket-number/formatted?count=5").requireStatus(200);
			Response decode = shop.get("/api/v1/sequences/ticket-number/decode/TKT20261206000001");
			assertProblem(decode, 403, "forbidden");
			Response ids = shop.post("/api/v1/sequences/ticket-number/ids?count=3");
			// the day's count (6, 7, 8) is not told: numbers of a formatted sequence come
			// from /formatted
			assertProblem(ids, 409, "not-numeric");
			assertProblem(shop.get("/api/v1/sequences/ticket-number/id"), 409, "not-numeric");
		}
	}

}
