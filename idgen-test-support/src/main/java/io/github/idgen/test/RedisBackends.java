package io.github.idgen.test;

import java.time.Duration;
import java.util.Arrays;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.testcontainers.containers.GenericContainer;

import io.github.idgen.test.TestBackends.Resolution;

/**
 * The Redis backends of {@link TestBackends}, kept apart so that only the modules that
 * ask for Redis need Spring Data Redis on their test class path: the standalone Redis and
 * the Redis Cluster, each resolved once per JVM as {@link TestBackends} describes.
 */
final class RedisBackends {

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);

	private RedisBackends() {
	}

	static LettuceConnectionFactory standalone() {
		return Standalone.BACKEND.require();
	}

	static LettuceConnectionFactory cluster() {
		return Cluster.BACKEND.require();
	}

	static LettuceConnectionFactory newConnectionFactory(LettuceConnectionFactory backend) {
		return connectionFactory(
				backend.isClusterAware() ? backend.getClusterConfiguration() : backend.getStandaloneConfiguration());
	}

	static LettuceConnectionFactory connectionFactory(RedisConfiguration configuration) {
		LettuceClientConfiguration client = LettuceClientConfiguration.builder()
			.commandTimeout(COMMAND_TIMEOUT)
			.shutdownTimeout(Duration.ZERO)
			.build();
		LettuceConnectionFactory factory = new LettuceConnectionFactory(configuration, client);
		try {
			factory.afterPropertiesSet();
			factory.start();
			try (RedisConnection connection = factory.getConnection()) {
				connection.ping();
			}
			return factory;
		}
		catch (RuntimeException ex) {
			factory.destroy();
			throw ex;
		}
	}

	private static final class Standalone {

		private static final String URL = "IDGEN_TEST_REDIS_URL";

		private static final int LOCAL_PORT = 6379;

		static final Resolution<LettuceConnectionFactory> BACKEND = resolve();

		private static Resolution<LettuceConnectionFactory> resolve() {
			String url = System.getenv(URL);
			if (url != null && !url.isBlank()) {
				return Resolution.of("Redis from " + URL,
						() -> connectionFactory(LettuceConnectionFactory.createRedisConfiguration(url)), false);
			}
			if (TestBackends.Docker.AVAILABLE) {
				return Resolution.of("Redis from Testcontainers", () -> {
					GenericContainer<?> container = new GenericContainer<>("redis:7").withExposedPorts(LOCAL_PORT);
					container.start();
					return connectionFactory(LettuceConnectionFactory.createRedisConfiguration(
							"redis://" + container.getHost() + ":" + container.getMappedPort(LOCAL_PORT)));
				}, false);
			}
			if (TestBackends.answers(LOCAL_PORT)) {
				return Resolution.of("Redis on 127.0.0.1:" + LOCAL_PORT,
						() -> connectionFactory(
								LettuceConnectionFactory.createRedisConfiguration("redis://127.0.0.1:" + LOCAL_PORT)),
						true);
			}
			return Resolution.unavailable(
					"Redis not available: set " + URL + ", start Docker or run a server on 127.0.0.1:" + LOCAL_PORT);
		}

	}

	private static final class Cluster {

		private static final String NODES = "IDGEN_TEST_REDIS_CLUSTER_NODES";

		private static final String LOCAL_NODES = "127.0.0.1:7000,127.0.0.1:7001,127.0.0.1:7002";

		static final Resolution<LettuceConnectionFactory> BACKEND = resolve();

		private static Resolution<LettuceConnectionFactory> resolve() {
			String nodes = System.getenv(NODES);
			if (nodes != null && !nodes.isBlank()) {
				return Resolution.of("Redis Cluster from " + NODES + " (" + nodes + ")", () -> connect(nodes), false);
			}
			if (TestBackends.answers(7000)) {
				return Resolution.of("Redis Cluster on " + LOCAL_NODES, () -> connect(LOCAL_NODES), true);
			}
			return Resolution.unavailable("Redis Cluster not available: set " + NODES + " or run .ci/redis-cluster");
		}

		private static LettuceConnectionFactory connect(String nodes) {
			LettuceConnectionFactory factory = connectionFactory(
					new RedisClusterConfiguration(Arrays.stream(nodes.split(",")).map(String::strip).toList()));
			try (RedisClusterConnection connection = factory.getClusterConnection()) {
				String state = connection.clusterGetClusterInfo().getState();
				if (!"ok".equals(state)) {
					throw new IllegalStateException("cluster_state is " + state + ", not ok");
				}
				return factory;
			}
			catch (RuntimeException ex) {
				factory.destroy();
				throw ex;
			}
		}

	}

}
