package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.segment.striped.AbstractStripeStoreTest;
import io.github.idgen.segment.striped.StripeStore;
import org.junit.jupiter.api.BeforeEach;

/**
 * The {@link AbstractStripeStoreTest} suite for {@link JdbcSegmentStore} on one database.
 */
abstract class AbstractJdbcStripeStoreTest extends AbstractStripeStoreTest {

	private static final String TABLE = "idgen_stripe_store_test";

	/**
	 * Return the database under test. The same one on every call.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	@BeforeEach
	void createSchema() {
		new JdbcSegmentSchema(dataSource(), TABLE).createIfMissing();
	}

	@Override
	protected StripeStore createStore() {
		return new JdbcSegmentStore(dataSource(), TABLE);
	}

}
