package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcSegmentStore} with the {@link JdbcDialect#GENERIC generic
 * dialect}, on H2.
 */
class GenericDialectSegmentStoreTest extends AbstractJdbcSegmentStoreTest {

	private static final DataSource DATA_SOURCE = TestBackends.h2();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

	@Override
	protected JdbcDialect dialect() {
		return JdbcDialect.GENERIC;
	}

	@Override
	protected JdbcDialect expectedDialect() {
		return JdbcDialect.GENERIC;
	}

}
