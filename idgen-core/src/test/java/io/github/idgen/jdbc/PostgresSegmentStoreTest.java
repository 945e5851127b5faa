package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcSegmentStore} on PostgreSQL.
 */
class PostgresSegmentStoreTest extends AbstractJdbcSegmentStoreTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.postgres();
	}

	@Override
	protected JdbcDialect expectedDialect() {
		return JdbcDialect.POSTGRESQL;
	}

}
