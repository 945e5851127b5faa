package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcSegmentStore} as a stripe store on Postgres.
 */
class PostgresStripeStoreTest extends AbstractJdbcStripeStoreTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.postgres();
	}

}
