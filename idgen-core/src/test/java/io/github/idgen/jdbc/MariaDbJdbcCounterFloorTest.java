package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcCounterFloor} on MariaDB.
 */
class MariaDbJdbcCounterFloorTest extends AbstractJdbcCounterFloorTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.mariaDb();
	}

}
