package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcWorkerLeaseStore} on MariaDB.
 */
class MariaDbWorkerLeaseStoreTest extends AbstractJdbcWorkerLeaseStoreTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.mariaDb();
	}

}
