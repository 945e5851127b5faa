package io.github.idgen.redis;

import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Tests for {@link RedisIncrementSequence} on a Redis Cluster.
 */
class RedisClusterIncrementSequenceTest extends AbstractRedisIncrementSequenceTest {

	@Override
	protected LettuceConnectionFactory connectionFactory() {
		return TestBackends.redisCluster();
	}

	@Override
	protected int idsPerThread() {
		return 50_000;
	}

}
