package io.github.idgen.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.github.idgen.server.ApiCalls.Response;

import static io.github.idgen.server.AbstractServerContractTests.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may call an ID server with clients configured: every call needs a client's bearer
 * token, each client only its sequences, and only a client allowed to decode reads the
 * counts behind obfuscated IDs.
 */
@TestInstance(Lifecycle.PER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class ServerSecurityTests {

	static final String BILLING_TOKEN = "billing-" + UUID.randomUUID();

	static final String AUDITOR_TOKEN = "auditor-" + UUID.randomUUID();

	static final String SHOP_TOKEN = "shop-" + UUID.randomUUID();

	private static final String WRONG_TOKEN = "wrong-" + UUID.randomUUID();

	private ServerInstance server;

	private ApiCalls anonymous;

	@BeforeAll
	void startServer() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
		properties.put("idgen.server.clients.billing.token-sha256", sha256(BILLING_TOKEN));
		properties.put("idgen.server.clients.billing.sequences", "order,invoice");
		properties.put("idgen.server.clients.auditor.token-sha256", sha256(AUDITOR_TOKEN).toUpperCase());
		properties.put("idgen.server.clients.auditor.sequences", "*");
		properties.put("idgen.server.clients.auditor.decode", "true");
		properties.put("idgen.server.clients.shop.token-sha256", sha256(SHOP_TOKEN));
		properties.put("idgen.server.clients.shop.sequences", "ticket-number");
		properties.put("idgen.obfuscation.key", "9I3MvP59s9iNYkuTfZzqAGwb1u9o8t9QEOiaFvtRAeg=");
		properties.put("idgen.sequences.ticket-number.format", "TKT{yyyyMMdd}{seq:6}");
		properties.put("idgen.sequences.ticket-number.reset", "daily");
		properties.put("idgen.sequences.ticket-number.obfuscate", "true");
		properties.put("idgen.sequences.ticket-number.permutation", "per-period");
		this.server = ServerInstance.start(properties);
		this.anonymous = this.server.calls();
	}

	@AfterAll
	void stopServer() {
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void withoutATokenEveryCallIsUnauthorized() {
		for (Response response : new Response[] { this.anonymous.get("/api/v1/sequences/order/id"),
				this.anonymous.post("/api/v1/sequences/order/ids?count=2"),
				this.anonymous.postJson("/api/v1/sequences/order/segments", "{\"size\":10}"),
				this.anonymous.get("/api/v1/sequences/no-such-sequence/id"), this.anonymous.get("/api/v1/health") }) {
			assertProblem(response, 401, "unauthorized");
			assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
		}
	}

	@Test
	void aWrongTokenIsUnauthorized() {
		Response response = this.anonymous.withToken(WRONG_TOKEN).get("/api/v1/sequences/order/id");
		assertProblem(response, 401, "unauthorized");
		assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
	}

	@Test
	void aClientGetsItsSequencesOnly() {
		ApiCalls billing = this.anonymous.withToken(BILLING_TOKEN);
		assertThat(billing.get("/api/v1/sequences/order/id").status()).isEqualTo(200);
		assertThat(billing.ids("invoice", 3)).hasSize(3);
		assertProblem(billing.get("/api/v1/sequences/ticket-number/id"), 403, "forbidden");
		assertProblem(billing.post("/api/v1/sequences/ticket-number/formatted"), 403, "forbidden");
	}

	@Test
	void aClientOfEverySequenceStillGetsNoUnknownOne() {
		ApiCalls auditor = this.anonymous.withToken(AUDITOR_TOKEN);
		assertThat(auditor.segment("order", 10)).hasSize(10);
		assertProblem(auditor.get("/api/v1/sequences/%7Bhostile%7D/id"), 404, "unknown-sequence");
		assertThat(this.server.counterRows("idgen_segment", "{hostile}")).isZero();
	}

	@Test
	void onlyAClientAllowedToDecodeReadsTheCountBehindAnObfuscatedId() {
		ApiCalls shop = this.anonymous.withToken(SHOP_TOKEN);
		Response formatted = shop.post("/api/v1/sequences/ticket-number/formatted?count=2");
		assertThat(formatted.status()).isEqualTo(200);
		String id = formatted.json().get("ids").get(1).asString();
		assertProblem(shop.get("/api/v1/sequences/ticket-number/decode/" + id), 403, "forbidden");
		Response decoded = this.anonymous.withToken(AUDITOR_TOKEN).get("/api/v1/sequences/ticket-number/decode/" + id);
		assertThat(decoded.status()).isEqualTo(200);
		assertThat(decoded.json().get("value").asString()).isEqualTo("2");
	}

	@Test
	void tokensAppearInNoResponseAndNoLog(CapturedOutput output) {
		Response wrong = this.anonymous.withToken(WRONG_TOKEN).get("/api/v1/sequences/order/id");
		Response right = this.anonymous.withToken(BILLING_TOKEN).get("/api/v1/sequences/ticket-number/id");
		assertThat(wrong.body()).doesNotContain(WRONG_TOKEN);
		assertThat(right.body()).doesNotContain(BILLING_TOKEN).contains("billing");
		assertThat(output.getAll()).doesNotContain(WRONG_TOKEN)
			.doesNotContain(BILLING_TOKEN)
			.doesNotContain(sha256(BILLING_TOKEN));
	}

	static String sha256(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
