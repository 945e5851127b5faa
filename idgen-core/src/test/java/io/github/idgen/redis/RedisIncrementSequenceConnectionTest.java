package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.idgen.test.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The concurrent callers of a {@link RedisIncrementSequence} share the one native
 * connection of Spring's {@code LettuceConnectionFactory}, so that their commands are
 * pipelined. Runs on a Redis server of its own, whose clients are all this test's.
 */
class RedisIncrementSequenceConnectionTest {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void concurrentCallersShareOneConnection() throws Exception {
		try (RedisLossTestSupport support = new RedisLossTestSupport(this.redis.server())) {
			RedisIncrementSequence sequence = new RedisIncrementSequence(support.newConnectionFactory(),
					RedisLossTestSupport.KEYS, "shared-connection", 1);
			LettuceConnectionFactory observer = support.newConnectionFactory();
			int mostClients = 0;
			ExecutorService executor = Executors.newFixedThreadPool(8);
			try {
				List<Future<?>> futures = new ArrayList<>();
				for (int i = 0; i < 8; i++) {
					futures.add(executor.submit(() -> {
						for (int j = 0; j < 2000; j++) {
							sequence.next();
						}
					}));
				}
				while (!futures.stream().allMatch(Future::isDone)) {
					mostClients = Math.max(mostClients, connectedClients(observer));
				}
				for (Future<?> future : futures) {
					future.get(60, TimeUnit.SECONDS);
				}
			}
			finally {
				executor.shutdownNow();
			}
			assertThat(sequence.next()).isEqualTo(8 * 2000 + 1);
			assertThat(mostClients).as("the sequence's connection and the observer's").isEqualTo(2);
		}
	}

	private static int connectedClients(LettuceConnectionFactory observer) {
		try (RedisConnection connection = observer.getConnection()) {
			return Integer.parseInt(connection.serverCommands().info("clients").getProperty("connected_clients"));
		}
	}

}
