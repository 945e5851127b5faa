package io.github.idgen.autoconfigure.endpoint;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the obfuscation keys and the remote backend's token stay hidden in Spring
 * Boot's {@code env} and {@code configprops} endpoints even where they are set to show
 * values.
 */
@SpringBootTest(classes = IdGeneratorEndpointWebTests.Application.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=env,configprops", "idgen.backend=jdbc",
				"management.endpoint.env.show-values=always", "management.endpoint.configprops.show-values=always",
				"idgen.obfuscation.key=" + IdGeneratorEndpointWebTests.KEY, "idgen.sequences.receipt.format=R{seq:8}",
				"idgen.sequences.receipt.obfuscate=true",
				"idgen.sequences.receipt.key=" + IdGeneratorKeySanitizingWebTests.OWN_KEY,
				"idgen.remote.token=" + IdGeneratorKeySanitizingWebTests.TOKEN,
				"spring.autoconfigure.exclude=org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration,"
						+ "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration,"
						+ "org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration" })
class IdGeneratorKeySanitizingWebTests {

	static final String OWN_KEY = "VxeUkMDAG8bD4r8RLeXJ3Gdg/MUHVVB1vz6mE+n1scc=";

	static final String TOKEN = "remote-token-Qm9vc3RlZA";

	@LocalServerPort
	private int port;

	@Test
	void keysAndTokensAreMaskedWhereOtherValuesAreShown() {
		String env = get("/actuator/env");
		String configprops = get("/actuator/configprops");
		assertThat(env).contains("R{seq:8}")
			.contains("idgen.obfuscation.key")
			.contains("idgen.sequences.receipt.key")
			.contains("idgen.remote.token");
		assertThat(configprops).contains("R{seq:8}");
		assertThat(env + get("/actuator/env/idgen.obfuscation.key") + get("/actuator/env/idgen.sequences.receipt.key")
				+ configprops)
			.doesNotContain(IdGeneratorEndpointWebTests.KEY)
			.doesNotContain(OWN_KEY)
			.doesNotContain(TOKEN)
			.doesNotContain(IdGeneratorEndpointWebTests.KEY.substring(0, 12))
			.doesNotContain(OWN_KEY.substring(0, 12));
	}

	private String get(String path) {
		return IdGeneratorEndpointWebTests.client(this.port).get().uri(path).retrieve().body(String.class);
	}

}
