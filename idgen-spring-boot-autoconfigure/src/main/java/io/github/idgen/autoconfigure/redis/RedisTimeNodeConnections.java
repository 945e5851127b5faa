package io.github.idgen.autoconfigure.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.ClientOptions;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.FailureDescriptions;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * The connections idgen makes itself to the nodes of {@code idgen.redis.time.nodes}: one
 * started Lettuce connection factory per node, whose commands time out after 500 ms and
 * are rejected at once while it is disconnected. The only class of the Redis backend that
 * refers to Lettuce: a bean only when Lettuce is on the classpath, so that the
 * application's own connection may be Jedis.
 */
final class RedisTimeNodeConnections {

	/**
	 * Connect to the given nodes.
	 * @param urls the nodes, as Redis URLs
	 * @return a started connection factory per node, in the order of the URLs, to be
	 * destroyed by the caller
	 * @throws IdGeneratorConfigurationException naming {@code idgen.redis.time.nodes} if
	 * a URL is not a Redis URL
	 */
	List<LettuceConnectionFactory> connect(List<String> urls) {
		LettuceClientConfiguration client = LettuceClientConfiguration.builder()
			.commandTimeout(Duration.ofMillis(500))
			.clientOptions(ClientOptions.builder()
				.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
				.build())
			.build();
		List<LettuceConnectionFactory> nodes = new ArrayList<>();
		for (int index = 0; index < urls.size(); index++) {
			LettuceConnectionFactory node;
			try {
				node = new LettuceConnectionFactory(LettuceConnectionFactory.createRedisConfiguration(urls.get(index)),
						client);
			}
			catch (IllegalArgumentException ex) {
				String property = "idgen.redis.time.nodes[" + index + "]";
				throw new IdGeneratorConfigurationException(property, "node " + index,
						property + " is not a Redis URL (" + FailureDescriptions.describe(ex)
								+ "; the URL is not shown, since it may hold a password).",
						"Write " + property + " as redis://host:port or redis://user:password@host:port.");
			}
			node.afterPropertiesSet();
			node.start();
			nodes.add(node);
		}
		return nodes;
	}

}
