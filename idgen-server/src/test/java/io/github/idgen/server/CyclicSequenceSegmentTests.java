package io.github.idgen.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static io.github.idgen.server.AbstractServerContractTests.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cyclic sequence hands out no segments: its counter wraps, and the server would hand
 * out again the IDs of a segment a caller still owns, whose IDs are to be the caller's
 * alone. Its IDs stay available from {@code /ids}.
 */
class CyclicSequenceSegmentTests {

	@Test
	void aCyclicSequenceHandsOutNoSegment() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
		properties.put("idgen.sequences.slot.start", "1");
		properties.put("idgen.sequences.slot.max-value", "100");
		properties.put("idgen.sequences.slot.cycle", "true");
		try (ServerInstance server = ServerInstance.start(properties)) {
			assertProblem(server.calls().postJson("/api/v1/sequences/slot/segments", "{\"size\":10}"), 409,
					"not-segmentable");
			assertThat(server.calls().ids("slot", 100)).as("its IDs, from /ids").hasSize(100);
		}
	}

}
