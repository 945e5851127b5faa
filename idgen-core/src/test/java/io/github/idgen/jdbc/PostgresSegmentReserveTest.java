package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link io.github.idgen.segment.SegmentSequences#reserve} on PostgreSQL.
 */
class PostgresSegmentReserveTest extends AbstractSegmentReserveTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.postgres();
	}

}
