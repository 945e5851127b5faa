package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcCounterFloor} on H2.
 */
class H2JdbcCounterFloorTest extends AbstractJdbcCounterFloorTest {

	private static final DataSource DATA_SOURCE = TestBackends.h2();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

}
