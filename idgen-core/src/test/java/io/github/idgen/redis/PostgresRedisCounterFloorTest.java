package io.github.idgen.redis;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link RedisSegmentStore} with a floor on PostgreSQL.
 */
class PostgresRedisCounterFloorTest extends AbstractRedisCounterFloorTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.postgres();
	}

}
