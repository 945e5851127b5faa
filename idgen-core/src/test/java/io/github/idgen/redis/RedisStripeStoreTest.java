package io.github.idgen.redis;

import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Tests for {@link RedisSegmentStore} as a stripe store on a standalone Redis.
 */
class RedisStripeStoreTest extends AbstractRedisStripeStoreTest {

	@Override
	protected LettuceConnectionFactory connectionFactory() {
		return TestBackends.redis();
	}

}
