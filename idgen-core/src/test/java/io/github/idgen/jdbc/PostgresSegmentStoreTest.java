package io.github.idgen.jdbc;

import java.sql.SQLException;

import javax.sql.DataSource;

import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link JdbcSegmentStore} on PostgreSQL.
 */
class PostgresSegmentStoreTest extends AbstractJdbcSegmentStoreTest {

	@Override
	protected DataSource dataSource() {
		return TestBackends.postgres();
	}

	@Override
	protected JdbcDialect expectedDialect() {
		return JdbcDialect.POSTGRESQL;
	}

	@Test
	void findShapeProblemsNamesACitextKey() throws SQLException {
		execute("CREATE EXTENSION IF NOT EXISTS citext");
		String table = keyTable("citext");
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems())
				.containsExactly("column sequence_name is citext, under which names such as 'order' and 'ORDER' are "
						+ "equal and share a counter (use VARCHAR(128))");
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsNamesAKeyOfANondeterministicCollation() throws SQLException {
		execute("CREATE COLLATION IF NOT EXISTS idgen_test_case_insensitive "
				+ "(provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
		String table = keyTable("VARCHAR(128) COLLATE idgen_test_case_insensitive");
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems())
				.containsExactly("column sequence_name has the nondeterministic collation idgen_test_case_insensitive, "
						+ "under which distinct names can be equal and share a counter (use COLLATE \"C\")");
		}
		finally {
			drop(table);
		}
	}

}
