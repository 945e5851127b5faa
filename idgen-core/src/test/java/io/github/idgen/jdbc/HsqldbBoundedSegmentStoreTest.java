package io.github.idgen.jdbc;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;

import io.github.idgen.segment.AbstractBoundedSegmentStoreTest;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.test.TestBackends;

/**
 * Tests for bounded and cyclic sequences of {@link JdbcSegmentStore} on HSQLDB.
 */
class HsqldbBoundedSegmentStoreTest extends AbstractBoundedSegmentStoreTest {

	private static final String TABLE = "idgen_bounded_test";

	private static final DataSource DATA_SOURCE = TestBackends.hsqldb();

	@BeforeEach
	void createSchema() {
		new JdbcSegmentSchema(DATA_SOURCE, TABLE).createIfMissing();
	}

	@Override
	protected SegmentStore createStore() {
		return new JdbcSegmentStore(DATA_SOURCE, TABLE);
	}

}
