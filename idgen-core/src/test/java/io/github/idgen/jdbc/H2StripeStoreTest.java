package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link JdbcSegmentStore} as a stripe store on H2.
 */
class H2StripeStoreTest extends AbstractJdbcStripeStoreTest {

	private static final DataSource H2 = TestBackends.h2();

	@Override
	protected DataSource dataSource() {
		return H2;
	}

}
