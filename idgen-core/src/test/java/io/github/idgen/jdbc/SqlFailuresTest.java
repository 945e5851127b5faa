package io.github.idgen.jdbc;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.jdbc.SqlFailures.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link SqlFailures}.
 */
class SqlFailuresTest {

	private static final String DRIVER_MESSAGE = "FATAL: password authentication failed for user \"admin\" at "
			+ "db.internal:5432";

	private final SqlFailures failures = new SqlFailures("schema-<database>.sql");

	@ParameterizedTest(name = "SQLState {0}, vendor code {1}: {2}")
	@CsvSource(nullValues = "null", textBlock = """
			42P01, 0,      REJECTED
			42703, 0,      REJECTED
			42501, 0,      REJECTED
			42601, 0,      REJECTED
			42000, 1142,   REJECTED
			42000, 1044,   REJECTED
			42S02, 1146,   REJECTED
			42S22, 1054,   REJECTED
			42S02, 42102,  REJECTED
			42501, -5501,  REJECTED
			42X05, 30000,  REJECTED
			90096, 90096,  REJECTED
			HY000, 1142,   REJECTED
			HY000, 1143,   REJECTED
			HY000, 1146,   REJECTED
			HY000, 1054,   REJECTED
			HY000, 1044,   REJECTED
			28000, 0,      UNAUTHORIZED
			28P01, 0,      UNAUTHORIZED
			28000, 1045,   UNAUTHORIZED
			HY000, 1045,   UNAUTHORIZED
			23502, 0,      CONSTRAINT
			23502, -10,    CONSTRAINT
			23514, 0,      CONSTRAINT
			23000, 1048,   CONSTRAINT
			23505, 0,      CONSTRAINT
			HY000, 1364,   CONSTRAINT
			22003, 0,      DATA
			22003, 1264,   DATA
			22004, 22004,  DATA
			22001, 1406,   DATA
			08001, 0,      TRANSIENT
			08000, 0,      TRANSIENT
			08006, 0,      TRANSIENT
			08S01, 0,      TRANSIENT
			40001, 0,      TRANSIENT
			40001, 1213,   TRANSIENT
			40P01, 0,      TRANSIENT
			40XL1, 30000,  TRANSIENT
			57014, 0,      TRANSIENT
			57P01, 0,      TRANSIENT
			53300, 0,      TRANSIENT
			HYT00, 0,      TRANSIENT
			HY000, 0,      TRANSIENT
			HY000, 1205,   TRANSIENT
			90096, 0,      REJECTED
			90131, 90131,  TRANSIENT
			null,  0,      TRANSIENT
			null,  1142,   TRANSIENT
			""")
	void classifiesBySqlStateAndVendorCode(String sqlState, int vendorCode, Kind expected) {
		assertThat(SqlFailures.classify(new SQLException(DRIVER_MESSAGE, sqlState, vendorCode))).isEqualTo(expected);
	}

	@Test
	void classifiesByTheFirstSqlStateInTheCauseChain() {
		SQLException refused = new SQLException(DRIVER_MESSAGE, "28P01");
		assertThat(SqlFailures.classify(new SQLTransientConnectionException("pool timed out", "28P01", refused)))
			.isEqualTo(Kind.UNAUTHORIZED);
		assertThat(SqlFailures.classify(new SQLException("wrapper", null, 0, new SQLException("missing", "42P01"))))
			.isEqualTo(Kind.REJECTED);
		assertThat(SqlFailures.classify(new SQLException("wrapper", null, 0, new ConnectException("refused"))))
			.isEqualTo(Kind.TRANSIENT);
	}

	@Test
	void translatePermanentFailureNamesTableReasonAndFixWithoutDriverMessage() {
		SQLException failure = new SQLException(DRIVER_MESSAGE, "42P01", 0);
		IdGenerationException translated = this.failures
			.translate("Could not reserve 10 IDs of sequence 'orders' in table 'ids.idgen_segment'", failure);
		assertThat(translated).isExactlyInstanceOf(BackendMisconfiguredException.class).hasCause(failure);
		assertThat(translated.getMessage())
			.startsWith("Could not reserve 10 IDs of sequence 'orders' in table 'ids.idgen_segment': ")
			.contains("does not exist", "lacks a privilege", "(SQLException (SQLState 42P01, vendor code 0))",
					"io/github/idgen/jdbc/schema-<database>.sql", "SELECT, INSERT and UPDATE")
			.doesNotContain("admin", "db.internal", "5432", "FATAL");
	}

	@Test
	void translateEveryPermanentKindToBackendMisconfigured() {
		assertThat(this.failures.translate("Failed", new SQLException(DRIVER_MESSAGE, "28P01")))
			.isExactlyInstanceOf(BackendMisconfiguredException.class)
			.hasMessageContaining("refused the user or password")
			.hasMessageNotContaining("admin");
		assertThat(this.failures.translate("Failed", new SQLException(DRIVER_MESSAGE, "23502")))
			.isExactlyInstanceOf(BackendMisconfiguredException.class)
			.hasMessageContaining("NOT NULL")
			.hasMessageContaining("schema-<database>.sql")
			.hasMessageNotContaining("admin");
		assertThat(this.failures.translate("Failed", new SQLException(DRIVER_MESSAGE, "22003")))
			.isExactlyInstanceOf(BackendMisconfiguredException.class)
			.hasMessageContaining("BIGINT")
			.hasMessageContaining("schema-<database>.sql")
			.hasMessageNotContaining("admin");
	}

	@Test
	void translateTransientFailureToBackendUnavailableWithoutDriverMessage() {
		SQLException failure = new SQLException(DRIVER_MESSAGE, "08001", 0, new ConnectException("db.internal:5432"));
		IdGenerationException translated = this.failures
			.translate("Could not read the floor of sequence 'orders' in table 'ids.idgen_segment'", failure);
		assertThat(translated).isExactlyInstanceOf(BackendUnavailableException.class).hasCause(failure);
		assertThat(translated.getMessage()).isEqualTo("Could not read the floor of sequence 'orders' in table "
				+ "'ids.idgen_segment': SQLException (SQLState 08001, vendor code 0) caused by ConnectException");
	}

}
