package io.github.idgen.jdbc;

import java.sql.SQLException;

import javax.sql.DataSource;

import io.github.idgen.BackendUnavailableException;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * Tests for {@link JdbcSegmentStore} and {@link JdbcSegmentSchema} that need no database.
 */
class JdbcSegmentStoreTest {

	private final DataSource unreachable = unreachableDataSource();

	@Test
	void createWithInvalidTableNameThrowsIllegalArgument() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new JdbcSegmentStore(this.unreachable, "idgen_segment; drop table x"))
			.withMessageContaining("'idgen_segment; drop table x'");
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcSegmentSchema(this.unreachable, "a-b"))
			.withMessageContaining("'a-b'");
	}

	@Test
	void createWithoutDataSourceThrowsNullPointer() {
		assertThatNullPointerException().isThrownBy(() -> new JdbcSegmentStore(null, "idgen_segment"));
		assertThatNullPointerException().isThrownBy(() -> new JdbcSegmentSchema(null, "idgen_segment"));
	}

	@Test
	void checkAvailableWhenDatabaseCannotBeReachedThrowsBackendUnavailable() {
		JdbcSegmentStore store = new JdbcSegmentStore(this.unreachable, "idgen_segment");
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(store::checkAvailable)
			.withMessageContaining("idgen_segment")
			.withCauseInstanceOf(SQLException.class);
	}

	@Test
	void allocateWhenDatabaseCannotBeReachedThrowsBackendUnavailable() {
		JdbcSegmentStore store = new JdbcSegmentStore(this.unreachable, "idgen_segment", JdbcDialect.POSTGRESQL);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> store.allocate("orders", 10, 1))
			.withMessageContaining("'orders'")
			.withMessageContaining("'idgen_segment'")
			.withCauseInstanceOf(SQLException.class);
	}

	@Test
	void allocateValidatesArgumentsBeforeConnecting() {
		JdbcSegmentStore store = new JdbcSegmentStore(this.unreachable, "idgen_segment");
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocate("", 10, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocate("orders", 0, 1))
			.withMessageContaining("Step");
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocate("orders", 10, 0))
			.withMessageContaining("start");
	}

	@Test
	void createIfMissingWhenDatabaseCannotBeReachedThrowsBackendUnavailable() {
		JdbcSegmentSchema schema = new JdbcSegmentSchema(this.unreachable, "idgen_segment");
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(schema::createIfMissing)
			.withMessageContaining("'idgen_segment'")
			.withCauseInstanceOf(SQLException.class);
	}

	private static DataSource unreachableDataSource() {
		PGSimpleDataSource dataSource = new PGSimpleDataSource();
		dataSource.setServerNames(new String[] { "127.0.0.1" });
		dataSource.setPortNumbers(new int[] { 1 });
		dataSource.setDatabaseName("test");
		dataSource.setConnectTimeout(2);
		return dataSource;
	}

}
