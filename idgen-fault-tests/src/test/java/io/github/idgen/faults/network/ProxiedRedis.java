package io.github.idgen.faults.network;

import java.net.URI;

import io.github.idgen.redis.RedisKeys;
import io.github.idgen.redis.RedisSegmentStore;

/**
 * The Redis of the test environment behind {@link TcpProxy TcpProxies}, reached by
 * {@link FastFailingRedis} clients. Keys start with {@value #KEY_PREFIX}; sequence names
 * are unique per run, and nothing is flushed.
 */
final class ProxiedRedis extends ProxiedBackend {

	static final String KEY_PREFIX = "idgen-fnet:";

	private ProxiedRedis(String host, int port) {
		super("redis", host, port);
	}

	/**
	 * Return the Redis of the test environment.
	 * @return the backend
	 */
	static ProxiedRedis open() {
		URI uri = URI.create(BackendAddress.url("IDGEN_TEST_REDIS_URL", "redis://127.0.0.1:6379", 6379));
		return new ProxiedRedis(uri.getHost(), (uri.getPort() != -1) ? uri.getPort() : 6379);
	}

	@Override
	StoreClient connect(TcpProxy proxy) {
		FastFailingRedis redis = FastFailingRedis.connect(proxy.host(), proxy.port());
		return new StoreClient(new RedisSegmentStore(redis.connectionFactory(), new RedisKeys(KEY_PREFIX)), redis);
	}

}
