package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcCounterFloor} on HSQLDB.
 */
class HsqldbJdbcCounterFloorTest extends AbstractJdbcCounterFloorTest {

	private static final DataSource DATA_SOURCE = TestBackends.hsqldb();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

}
