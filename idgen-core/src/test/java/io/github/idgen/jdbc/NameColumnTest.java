package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.TestBackends;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mariadb.jdbc.MariaDbDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link NameColumn}: the key columns it accepts because they hold and tell
 * apart every name, and those it refuses because they take distinct names for one, on H2,
 * MariaDB and PostgreSQL.
 */
class NameColumnTest {

	@Test
	void h2IgnoreCaseKeyIsRefused() throws SQLException {
		JdbcDataSource h2 = h2("");
		String table = table(h2, "VARCHAR_IGNORECASE(256)");
		assertThat(new JdbcSegmentSchema(h2, table, JdbcDialect.H2).findShapeProblems())
			.containsExactly("column sequence_name is VARCHAR_IGNORECASE, under which names such as 'order' and "
					+ "'ORDER' are equal and share a counter (use VARCHAR(256) and no IGNORECASE=TRUE in the database "
					+ "URL)");
	}

	@Test
	void h2TableIdgenCreatesUnderIgnoreCaseIsRefusedSinceItSharesACounterBetweenCases() throws SQLException {
		JdbcDataSource h2 = h2(";IGNORECASE=TRUE");
		String table = unique();
		JdbcSegmentSchema schema = new JdbcSegmentSchema(h2, table, JdbcDialect.H2);
		schema.createIfMissing();
		assertThat(schema.findShapeProblems()).singleElement().asString().contains("VARCHAR_IGNORECASE");
		JdbcSegmentStore store = new JdbcSegmentStore(h2, table, JdbcDialect.H2);
		store.allocate("ORDER", 10, 1);
		assertThat(store.allocate("order", 10, 1)).isEqualTo(new Segment(11, 21));
	}

	@Test
	void mariaDbVarbinaryKeyOfFourBytesPerCharacterIsAcceptedAndTellsEveryNameApart() throws SQLException {
		DataSource mariaDb = TestBackends.mariaDb();
		String table = table(mariaDb, "VARBINARY(512)");
		try {
			assertThat(new JdbcSegmentSchema(mariaDb, table, JdbcDialect.MYSQL).findShapeProblems()).isEmpty();
			JdbcSegmentStore store = new JdbcSegmentStore(mariaDb, table, JdbcDialect.MYSQL);
			String longest = "\uD83D\uDE00".repeat(128);
			for (String name : new String[] { "order", "ORDER", "caf\u00e9", "cafe\u0301", longest }) {
				assertThat(store.allocate(name, 10, 1)).as(name).isEqualTo(new Segment(1, 11));
			}
			assertThat(store.allocate(longest, 10, 1)).isEqualTo(new Segment(11, 21));
		}
		finally {
			execute(mariaDb, "DROP TABLE " + table);
		}
	}

	@Test
	void mariaDbVarbinaryKeyTooNarrowForTheLongestNameIsRefused() throws SQLException {
		DataSource mariaDb = TestBackends.mariaDb();
		String table = table(mariaDb, "VARBINARY(128)");
		try {
			assertThat(new JdbcSegmentSchema(mariaDb, table, JdbcDialect.MYSQL).findShapeProblems()).singleElement()
				.asString()
				.startsWith("column sequence_name holds at most 128 bytes");
		}
		finally {
			execute(mariaDb, "DROP TABLE " + table);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "utf8mb4_general_ci", "utf8mb4_uca1400_as_cs", "utf8mb4_uca1400_ai_cs" })
	void mariaDbCollationThatTakesDistinctNamesForOneIsRefused(String collation) throws SQLException {
		assertMariaDbKeyRefused("VARCHAR(128) CHARACTER SET utf8mb4 COLLATE " + collation,
				"column sequence_name compares names by collation " + collation + ", under which distinct names, such "
						+ "as 'order' and 'ORDER' or an accented letter written in two ways, can be equal and share a "
						+ "counter (use CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)");
	}

	@Test
	void mariaDbCharacterSetThatCannotHoldEveryNameIsRefused() throws SQLException {
		assertMariaDbKeyRefused("VARCHAR(128) CHARACTER SET latin1 COLLATE latin1_bin",
				"column sequence_name has collation latin1_bin, whose character set does not hold every sequence name "
						+ "(use CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)");
	}

	@Test
	void mariaDbCaseSensitiveCollationStillTakesTwoEncodingsOfOneNameForOne() throws SQLException {
		DataSource mariaDb = TestBackends.mariaDb();
		String table = table(mariaDb, "VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_uca1400_as_cs");
		try {
			JdbcSegmentStore store = new JdbcSegmentStore(mariaDb, table, JdbcDialect.MYSQL);
			store.allocate("caf\u00e9", 10, 1);
			assertThat(store.allocate("cafe\u0301", 10, 1)).as("the second name continues the first one's counter")
				.isEqualTo(new Segment(11, 21));
		}
		finally {
			execute(mariaDb, "DROP TABLE " + table);
		}
	}

	@Test
	void mariaDbCaseInsensitiveKeyIsRefusedWhenTheDriverReportsSchemas() throws SQLException {
		DataSource mariaDb = TestBackends.mariaDb();
		String table = table(mariaDb, "VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
		try {
			String url = ((HikariDataSource) mariaDb).getJdbcUrl();
			DataSource schemaTerm = new MariaDbDataSource(
					url + (url.contains("?") ? "&" : "?") + "useCatalogTerm=Schema");
			assertThat(new JdbcSegmentSchema(schemaTerm, table, JdbcDialect.MYSQL).findShapeProblems()).singleElement()
				.asString()
				.contains("compares names by collation utf8mb4_general_ci");
		}
		finally {
			execute(mariaDb, "DROP TABLE " + table);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "text", "varchar", "VARCHAR(128) COLLATE \"C\"", "CHAR(128)", "text COLLATE \"POSIX\"" })
	void postgresqlTextTypesOfEnoughLengthAndDeterministicCollationsAreAccepted(String type) throws SQLException {
		DataSource postgres = TestBackends.postgres();
		String table = table(postgres, type);
		try {
			assertThat(new JdbcSegmentSchema(postgres, table, JdbcDialect.POSTGRESQL).findShapeProblems()).isEmpty();
		}
		finally {
			execute(postgres, "DROP TABLE " + table);
		}
	}

	@Test
	void postgresqlDomainOverVarcharIsAcceptedAndNarrowOneRefused() throws SQLException {
		DataSource postgres = TestBackends.postgres();
		String wide = unique();
		String narrow = unique();
		execute(postgres, "CREATE DOMAIN " + wide + " AS varchar(128)");
		execute(postgres, "CREATE DOMAIN " + narrow + " AS varchar(16)");
		String wideTable = table(postgres, wide);
		String narrowTable = table(postgres, narrow);
		try {
			assertThat(new JdbcSegmentSchema(postgres, wideTable, JdbcDialect.POSTGRESQL).findShapeProblems())
				.isEmpty();
			assertThat(new JdbcSegmentSchema(postgres, narrowTable, JdbcDialect.POSTGRESQL).findShapeProblems())
				.singleElement()
				.asString()
				.startsWith("column sequence_name holds at most 16 characters");
		}
		finally {
			execute(postgres, "DROP TABLE " + wideTable);
			execute(postgres, "DROP TABLE " + narrowTable);
			execute(postgres, "DROP DOMAIN " + wide);
			execute(postgres, "DROP DOMAIN " + narrow);
		}
	}

	@Test
	void postgresqlKeysThatTakeDistinctNamesForOneAreRefused() throws SQLException {
		DataSource postgres = TestBackends.postgres();
		execute(postgres, "CREATE EXTENSION IF NOT EXISTS citext");
		execute(postgres, "CREATE COLLATION IF NOT EXISTS idgen_test_case_insensitive "
				+ "(provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
		String citextDomain = unique();
		String caseInsensitiveDomain = unique();
		execute(postgres, "CREATE DOMAIN " + citextDomain + " AS citext");
		execute(postgres,
				"CREATE DOMAIN " + caseInsensitiveDomain + " AS varchar(128) COLLATE idgen_test_case_insensitive");
		String citext = " under which names such as 'order' and 'ORDER' are equal and share a counter (use "
				+ "VARCHAR(128))";
		String nondeterministic = "column sequence_name has the nondeterministic collation idgen_test_case_insensitive,"
				+ " under which distinct names can be equal and share a counter (use COLLATE \"C\")";
		Map<String, String> expected = new LinkedHashMap<>();
		expected.put("citext", "column sequence_name is citext," + citext);
		expected.put(citextDomain, "column sequence_name is " + citextDomain + " (a domain over citext)," + citext);
		expected.put("VARCHAR(128) COLLATE idgen_test_case_insensitive", nondeterministic);
		expected.put(caseInsensitiveDomain, nondeterministic);
		try {
			for (Map.Entry<String, String> key : expected.entrySet()) {
				String table = table(postgres, key.getKey());
				try {
					assertThat(new JdbcSegmentSchema(postgres, table, JdbcDialect.POSTGRESQL).findShapeProblems())
						.as(key.getKey())
						.containsExactly(key.getValue());
				}
				finally {
					execute(postgres, "DROP TABLE " + table);
				}
			}
		}
		finally {
			execute(postgres, "DROP DOMAIN " + citextDomain);
			execute(postgres, "DROP DOMAIN " + caseInsensitiveDomain);
		}
	}

	@Test
	void postgresqlNondeterministicKeyInAnotherSchemaIsRefused() throws SQLException {
		DataSource postgres = TestBackends.postgres();
		execute(postgres, "CREATE COLLATION IF NOT EXISTS idgen_test_case_insensitive "
				+ "(provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
		String schema = unique();
		String table = unique();
		execute(postgres, "CREATE SCHEMA " + schema);
		try {
			execute(postgres,
					"CREATE TABLE " + schema + "." + table + " (sequence_name VARCHAR(128) COLLATE "
							+ "public.idgen_test_case_insensitive NOT NULL PRIMARY KEY, max_id BIGINT NOT NULL, "
							+ "step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)");
			assertThat(
					new JdbcSegmentSchema(postgres, schema + "." + table, JdbcDialect.POSTGRESQL).findShapeProblems())
				.singleElement()
				.asString()
				.contains("nondeterministic collation");
		}
		finally {
			execute(postgres, "DROP SCHEMA " + schema + " CASCADE");
		}
	}

	private static void assertMariaDbKeyRefused(String keyType, String problem) throws SQLException {
		DataSource mariaDb = TestBackends.mariaDb();
		String table = table(mariaDb, keyType);
		try {
			assertThat(new JdbcSegmentSchema(mariaDb, table, JdbcDialect.MYSQL).findShapeProblems())
				.containsExactly(problem);
		}
		finally {
			execute(mariaDb, "DROP TABLE " + table);
		}
	}

	private static JdbcDataSource h2(String options) {
		JdbcDataSource h2 = new JdbcDataSource();
		h2.setURL("jdbc:h2:mem:" + unique() + ";DB_CLOSE_DELAY=-1" + options);
		return h2;
	}

	private static String unique() {
		return "idgen_name_" + Long.toHexString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE));
	}

	private static String table(DataSource dataSource, String keyType) throws SQLException {
		String table = unique();
		execute(dataSource, "CREATE TABLE " + table + " (sequence_name " + keyType + " NOT NULL PRIMARY KEY, "
				+ "max_id BIGINT NOT NULL, step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)");
		return table;
	}

	private static void execute(DataSource dataSource, String sql) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

}
