package io.github.idgen.redis;

import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Tests for {@link RedisSegmentStore} as a stripe store on a Redis Cluster.
 */
class RedisClusterStripeStoreTest extends AbstractRedisStripeStoreTest {

	@Override
	protected LettuceConnectionFactory connectionFactory() {
		return TestBackends.redisCluster();
	}

}
