package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcSegmentStore} on HSQLDB, through the {@link JdbcDialect#GENERIC
 * generic dialect}.
 */
class HsqldbSegmentStoreTest extends AbstractJdbcSegmentStoreTest {

	private static final DataSource DATA_SOURCE = TestBackends.hsqldb();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

	@Override
	protected JdbcDialect expectedDialect() {
		return JdbcDialect.GENERIC;
	}

}
