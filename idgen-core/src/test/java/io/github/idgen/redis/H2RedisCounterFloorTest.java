package io.github.idgen.redis;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link RedisSegmentStore} with a floor on H2.
 */
class H2RedisCounterFloorTest extends AbstractRedisCounterFloorTest {

	private static final DataSource DATA_SOURCE = TestBackends.h2();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

}
