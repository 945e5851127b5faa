package io.github.idgen.jdbc;

import java.sql.SQLException;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

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
	void findShapeProblemsNamesAKeyThatComparesWithoutRegardToCase() throws SQLException {
		String table = uniqueTableName();
		execute("CREATE TABLE " + table + " (sequence_name VARCHAR(128) CHARACTER SET utf8mb4 COLLATE "
				+ "utf8mb4_general_ci NOT NULL PRIMARY KEY, max_id BIGINT NOT NULL, step BIGINT NOT NULL, "
				+ "updated_at DATETIME NOT NULL)");
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems())
				.containsExactly("column sequence_name compares names without regard to case (collation "
						+ "utf8mb4_general_ci), so that names such as 'order' and 'ORDER' would share a counter (use "
						+ "CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)");
		}
		finally {
			drop(table);
		}
	}

}
