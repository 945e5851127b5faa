package io.github.idgen.redis;

import io.github.idgen.test.TestBackends;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Tests for {@link RedisIncrementSequence} on a standalone Redis.
 */
class RedisIncrementSequenceTest extends AbstractRedisIncrementSequenceTest {

	@Override
	protected LettuceConnectionFactory connectionFactory() {
		return TestBackends.redis();
	}

	@Override
	protected int idsPerThread() {
		return 50_000;
	}

}
