package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.segment.SegmentIdGenerator;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.RedisServerProcess;
import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static io.github.idgen.test.UniqueNames.uniqueName;

/**
 * What the counter-loss tests share: a Redis server of their own that they may flush and
 * restart, connection factories and generators that are closed after each test, and the
 * means to lose the counters.
 */
final class RedisLossTestSupport implements AutoCloseable {

	static final RedisKeys KEYS = new RedisKeys("idgen-loss:");

	private static final SegmentSettings SETTINGS = new SegmentSettings(1, 100,
			new StepPolicy(100, 100, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(5));

	private final RedisServerProcess server;

	private final List<LettuceConnectionFactory> factories = new ArrayList<>();

	private final List<SegmentIdGenerator> generators = new ArrayList<>();

	RedisLossTestSupport(RedisServerProcess server) {
		this.server = server;
	}

	/**
	 * Return a new connection factory on the server, as one application instance has.
	 * @return a started factory, destroyed by {@link #close()}
	 */
	LettuceConnectionFactory newConnectionFactory() {
		LettuceConnectionFactory factory = TestBackends.redisConnectionFactory(this.server.configuration());
		this.factories.add(factory);
		return factory;
	}

	/**
	 * Return a generator over the given store that fetches segments of 100 IDs and waits
	 * at most 5 seconds for one.
	 * @param store the store
	 * @return a generator, closed by {@link #close()}
	 */
	SegmentIdGenerator generator(SegmentStore store) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store, SETTINGS, Map.of(), "main",
				UnknownSequencePolicy.CREATE);
		this.generators.add(generator);
		return generator;
	}

	void flushDb() {
		try (RedisConnection connection = newConnectionFactory().getConnection()) {
			connection.serverCommands().flushDb();
		}
	}

	void flushScripts() {
		try (RedisConnection connection = newConnectionFactory().getConnection()) {
			connection.scriptingCommands().scriptFlush();
		}
	}

	void restartServer() {
		this.server.restart();
	}

	@Override
	public void close() {
		this.generators.forEach(SegmentIdGenerator::close);
		this.factories.forEach(LettuceConnectionFactory::destroy);
	}

}
