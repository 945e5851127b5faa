package io.github.idgen.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import io.github.idgen.server.ApiCalls.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of the ID server: a segment's IDs are "the caller's alone, never handed out by
 * the server or to another caller", but a cyclic sequence serves segments too, and its
 * counter wraps: the server hands out again the IDs of a segment a caller still owns.
 */
@Disabled("review-server: a cyclic sequence serves segments whose IDs the server hands out again after the wrap")
class ReviewCyclicSegmentTests {

	@Test
	void aSegmentOfACyclicSequenceIsNotHandedOutAgain() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
		properties.put("idgen.sequences.slot.start", "1");
		properties.put("idgen.sequences.slot.max-value", "100");
		properties.put("idgen.sequences.slot.cycle", "true");
		try (ServerInstance server = ServerInstance.start(properties)) {
			List<Long> owned = server.calls().segment("slot", 10);
			Response next = null;
			boolean repeated = false;
			for (int i = 0; i < 200 && !repeated; i++) {
				next = server.calls().get("/api/v1/sequences/slot/id");
				repeated = next.status() == 200 && owned.contains(Long.parseLong(next.body().strip()));
			}
			assertThat(repeated).as("the server handed out an ID of the segment " + owned).isFalse();
		}
	}

}
