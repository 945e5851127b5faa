package io.github.idgen.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.server.ApiCalls.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A counter that went back (restored from a backup, a replica that was behind) hands out
 * no segment twice: the server checks every reserved segment against the last one it
 * reserved for the sequence, as each buffer checks its own.
 */
class CounterRollbackSegmentTests {

	@Test
	void aCounterThatWentBackDoesNotHandOutASegmentTwice() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
		try (ServerInstance server = ServerInstance.start(properties)) {
			List<Long> first = server.calls().segment("invoice", 10);
			// the store is restored from a backup taken before that reservation
			server.context()
				.getBean(JdbcTemplate.class)
				.update("UPDATE idgen_segment SET max_id = 0 WHERE sequence_name = 'invoice'");
			Response again = server.calls().postJson("/api/v1/sequences/invoice/segments", "{\"size\":10}");
			assertThat(again.status()).as(again.body()).isNotEqualTo(200);
			assertThat(first).isNotEmpty();
		}
	}

}
