package io.github.idgen.redis;

import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Tests for bounded and cyclic sequences of {@link RedisSegmentStore} on a Redis Cluster.
 * The inherited suite includes the seed's check: 20 threads × 100 calls on a cyclic
 * counter with max-value 2000 hand out every value from 1 to 2000 exactly once, cycle
 * after cycle, five cycles in all.
 */
class RedisClusterBoundedSegmentStoreTest extends AbstractRedisBoundedSegmentStoreTest {

	@Override
	protected LettuceConnectionFactory connectionFactory() {
		return TestBackends.redisCluster();
	}

}
