package io.github.idgen.jdbc;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link DuplicateKeys}.
 */
class DuplicateKeysTest {

	@ParameterizedTest(name = "SQLState {0}, vendor code {1}: {2}")
	@CsvSource(nullValues = "null", textBlock = """
			23505, 0,      true
			23505, 23505,  true
			23505, -104,   true
			23505, 30000,  true
			23000, 1062,   true
			23000, 2627,   true
			23000, 2601,   true
			23000, 1,      true
			23502, 0,      false
			23502, 23502,  false
			23502, -10,    false
			23000, 1048,   false
			23000, 0,      false
			23514, 0,      false
			23503, 0,      false
			HY000, 1364,   false
			HY000, 1062,   false
			42P01, 0,      false
			08001, 0,      false
			null,  0,      false
			""")
	void isDuplicateKeyOnlyForUniqueViolations(String sqlState, int vendorCode, boolean expected) {
		assertThat(DuplicateKeys.isDuplicateKey(new SQLException("failure", sqlState, vendorCode))).isEqualTo(expected);
	}

	@Test
	void isDuplicateKeyIgnoresTheTypeOfTheException() {
		assertThat(DuplicateKeys.isDuplicateKey(new SQLIntegrityConstraintViolationException("not null", "23502", 0)))
			.isFalse();
		assertThat(DuplicateKeys.isDuplicateKey(new SQLIntegrityConstraintViolationException("unique", "23505", 0)))
			.isTrue();
	}

}
