package io.github.idgen.redis;

import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Tests for {@link RedisSegmentStore} on a standalone Redis.
 */
class RedisSegmentStoreTest extends AbstractRedisSegmentStoreTest {

	@Override
	protected LettuceConnectionFactory connectionFactory() {
		return TestBackends.redis();
	}

}
