package io.github.idgen.jdbc;

import java.sql.SQLException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
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

	@ParameterizedTest
	@ValueSource(strings = { "utf8mb4_general_ci", "utf8mb4_uca1400_as_cs", "utf8mb4_uca1400_ai_cs" })
	void findShapeProblemsNamesAKeyWhoseCollationTakesDistinctNamesForEqual(String collation) throws SQLException {
		String table = keyTable("VARCHAR(128) CHARACTER SET utf8mb4 COLLATE " + collation);
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems())
				.containsExactly("column sequence_name compares names by collation " + collation + ", under which "
						+ "distinct names, such as 'order' and 'ORDER' or an accented letter written in two ways, can "
						+ "be equal and share a counter (use CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)");
		}
		finally {
			drop(table);
		}
	}

	@Test
	void twoEncodingsOfOneNameShareARowUnderACaseSensitiveCollation() throws SQLException {
		String table = keyTable("VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_uca1400_as_cs");
		try {
			JdbcSegmentStore store = new JdbcSegmentStore(dataSource(), table, dialect());
			store.allocate("caf\u00e9", 10, 1);
			assertThat(store.allocate("cafe\u0301", 10, 1)).as("the second name continues the first one's counter")
				.isEqualTo(new Segment(11, 21));
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsNamesAKeyOfACharacterSetThatCannotHoldEveryName() throws SQLException {
		String table = keyTable("VARCHAR(128) CHARACTER SET latin1 COLLATE latin1_bin");
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems())
				.containsExactly("column sequence_name has collation latin1_bin, whose character set does not hold "
						+ "every sequence name (use CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)");
		}
		finally {
			drop(table);
		}
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
