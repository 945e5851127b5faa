package io.github.idgen.redis;

import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Tests for {@link RedisWorkerLeaseStore} on a Redis Cluster.
 */
class RedisClusterWorkerLeaseStoreTest extends AbstractRedisWorkerLeaseStoreTest {

	@Override
	protected LettuceConnectionFactory connectionFactory() {
		return TestBackends.redisCluster();
	}

}
