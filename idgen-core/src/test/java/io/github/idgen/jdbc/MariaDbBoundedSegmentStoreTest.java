package io.github.idgen.jdbc;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;

import io.github.idgen.segment.AbstractBoundedSegmentStoreTest;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.test.TestBackends;

/**
 * Tests for bounded and cyclic sequences of {@link JdbcSegmentStore} on MariaDb.
 */
class MariaDbBoundedSegmentStoreTest extends AbstractBoundedSegmentStoreTest {

	private static final String TABLE = "idgen_bounded_test";

	private DataSource dataSource;

	@BeforeEach
	void createSchema() {
		this.dataSource = TestBackends.mariaDb();
		new JdbcSegmentSchema(this.dataSource, TABLE).createIfMissing();
	}

	@Override
	protected SegmentStore createStore() {
		return new JdbcSegmentStore(this.dataSource, TABLE);
	}

}
