package io.github.idgen.server;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import io.github.idgen.test.Concurrently;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two ID servers over one PostgreSQL form one service: callers drawing IDs, batches and
 * segments from both at once never receive an ID twice.
 */
class TwoServersOnePostgresTests {

	private static final int THREADS_PER_SERVER = 4;

	private static final int ROUNDS = 40;

	@Test
	void idsAndSegmentsFromBothServersNeverRepeat() throws Exception {
		PostgresServer postgres = PostgresServer.require();
		try (ServerInstance first = ServerInstance.start(postgres.properties());
				ServerInstance second = ServerInstance.start(postgres.properties())) {
			List<Callable<List<Long>>> callers = new ArrayList<>();
			for (ServerInstance server : List.of(first, second)) {
				for (int thread = 0; thread < THREADS_PER_SERVER; thread++) {
					callers.add(() -> draw(server.calls()));
				}
			}
			List<Long> all = Concurrently.runTogether(callers).stream().flatMap(List::stream).toList();
			Set<Long> unique = new HashSet<>(all);
			assertThat(unique).hasSize(all.size());
			assertThat(all).hasSizeGreaterThan(2 * THREADS_PER_SERVER * ROUNDS * 2);
		}
		finally {
			postgres.dropTable();
		}
	}

	private static List<Long> draw(ApiCalls api) {
		List<Long> ids = new ArrayList<>();
		ThreadLocalRandom random = ThreadLocalRandom.current();
		for (int round = 0; round < ROUNDS; round++) {
			ids.addAll(api.segment("order", random.nextInt(1, 200)));
			ids.addAll(api.ids("order", random.nextInt(1, 50)));
			ids.add(Long.parseLong(api.get("/api/v1/sequences/order/id").body()));
		}
		return ids;
	}

}
