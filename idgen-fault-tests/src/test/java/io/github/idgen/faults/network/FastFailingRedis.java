package io.github.idgen.faults.network;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * A Lettuce client, as one application server has, that fails fast while Redis cannot be
 * reached and finds it again soon: commands are rejected while disconnected instead of
 * queued, a command or a connect gives up after a second, and a lost connection is
 * re-established every {@value #RECONNECT_DELAY_MILLIS} ms instead of with Lettuce's
 * back-off of up to 30 seconds. Its client resources (event loops, timers) are its own
 * and end with it.
 */
final class FastFailingRedis implements AutoCloseable {

	private static final long RECONNECT_DELAY_MILLIS = 100;

	private static final Duration TIMEOUT = Duration.ofSeconds(1);

	private final ClientResources resources;

	private final LettuceConnectionFactory connectionFactory;

	private FastFailingRedis(ClientResources resources, LettuceConnectionFactory connectionFactory) {
		this.resources = resources;
		this.connectionFactory = connectionFactory;
	}

	/**
	 * Connect to a Redis server.
	 * @param host the server's host
	 * @param port the server's port
	 * @return the client, started
	 */
	static FastFailingRedis connect(String host, int port) {
		ClientResources resources = DefaultClientResources.builder()
			.ioThreadPoolSize(2)
			.computationThreadPoolSize(2)
			.reconnectDelay(Delay.constant(Duration.ofMillis(RECONNECT_DELAY_MILLIS)))
			.build();
		ClientOptions options = ClientOptions.builder()
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.socketOptions(SocketOptions.builder().connectTimeout(TIMEOUT).build())
			.build();
		LettuceClientConfiguration client = LettuceClientConfiguration.builder()
			.clientResources(resources)
			.clientOptions(options)
			.commandTimeout(TIMEOUT)
			.shutdownTimeout(Duration.ZERO)
			.build();
		LettuceConnectionFactory factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(host, port),
				client);
		factory.afterPropertiesSet();
		factory.start();
		return new FastFailingRedis(resources, factory);
	}

	LettuceConnectionFactory connectionFactory() {
		return this.connectionFactory;
	}

	@Override
	public void close() {
		this.connectionFactory.destroy();
		this.resources.shutdown(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
	}

}
