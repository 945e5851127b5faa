package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcWorkerLeaseStore} on H2.
 */
class H2WorkerLeaseStoreTest extends AbstractJdbcWorkerLeaseStoreTest {

	private static final DataSource DATA_SOURCE = TestBackends.h2();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

}
