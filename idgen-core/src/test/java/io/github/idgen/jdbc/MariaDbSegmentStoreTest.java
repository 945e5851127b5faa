package io.github.idgen.jdbc;

import java.sql.SQLException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link JdbcSegmentStore} on MariaDB.
 */
class MariaDbSegmentStoreTest extends AbstractJdbcSegmentStoreTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.mariaDb();
	}

	@Override
	protected JdbcDialect expectedDialect() {
		return JdbcDialect.MYSQL;
	}

	@Override
	protected String sequenceNameType() {
		return "VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";
	}

	@Test
	void aNameCutByANarrowKeyWithoutStrictModeIsPermanentAtOnce() throws SQLException {
		String table = keyTable("VARCHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
		HikariConfig config = new HikariConfig();
		((HikariDataSource) dataSource()).copyStateTo(config);
		config.setPoolName("idgen-test-non-strict");
		config.setMinimumIdle(0);
		config.setConnectionInitSql("SET SESSION sql_mode = ''");
		try (HikariDataSource nonStrict = new HikariDataSource(config)) {
			JdbcSegmentStore store = new JdbcSegmentStore(nonStrict, table, dialect());
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> store.allocate("customer-invoice-numbers-eu", 10, 1))
				.withMessageContaining("its row was inserted but cannot be found by its name")
				.withMessageContaining(table);
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> store.allocate("customer-invoice-numbers-eu", 10, new SequenceBounds(1, 1000, true)))
				.withMessageContaining("its row was inserted but cannot be found by its name");
		}
		finally {
			drop(table);
		}
	}

}
