package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;

/**
 * Tests for {@link io.github.idgen.segment.SegmentSequences#reserve} on H2.
 */
class H2SegmentReserveTest extends AbstractSegmentReserveTest {

	private static final DataSource DATA_SOURCE = TestBackends.h2();

	@Override
	protected DataSource dataSource() {
		return DATA_SOURCE;
	}

}
