package io.github.idgen.server;

import java.util.Map;
import java.util.UUID;

/**
 * The contract of the ID server's HTTP API on its embedded default, an H2 file database.
 */
class H2ServerContractTests extends AbstractServerContractTests {

	@Override
	protected Map<String, String> storeProperties() {
		return Map.of("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
	}

	@Override
	protected String table() {
		return "idgen_segment";
	}

}
