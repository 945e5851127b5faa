package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcSegmentStore} on H2.
 */
class H2SegmentStoreTest extends AbstractJdbcSegmentStoreTest {

	private static final DataSource DATA_SOURCE = TestBackends.h2();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

	@Override
	protected JdbcDialect expectedDialect() {
		return JdbcDialect.H2;
	}

}
