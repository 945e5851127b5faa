package io.github.idgen.segment.striped;

import java.util.List;

import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.AbstractSegmentStoreTest;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.BeforeAll;

/**
 * The {@link AbstractSegmentStoreTest} suite for a {@link StripedSegmentStore} of one
 * stripe on PostgreSQL: with one store the stripe is every ID, so the composite must
 * behave exactly as a single store does, whichever instance reserves. The suite's
 * expectations of contiguous segments do not hold for several stripes; those are
 * {@link StripedSegmentStoreTest}'s.
 */
class StripedPostgresSegmentStoreTest extends AbstractSegmentStoreTest {

	private static final String TABLE = "idgen_striped_contract";

	@BeforeAll
	static void createFreshTable() {
		StripedTables.drop(TestBackends.postgres(), TABLE);
		new JdbcSegmentSchema(TestBackends.postgres(), TABLE).createIfMissing();
	}

	@Override
	protected SegmentStore createStore() {
		StripedSegmentStore store = new StripedSegmentStore(
				List.of(new StripeMember("postgres", new JdbcSegmentStore(TestBackends.postgres(), TABLE))), List.of(),
				1);
		store.establish();
		return store;
	}

}
