package io.github.idgen.jdbc;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link JdbcDialect}.
 */
class JdbcDialectTest {

	@ParameterizedTest
	@CsvSource(nullValues = "null", textBlock = """
			PostgreSQL, POSTGRESQL
			MariaDB, MYSQL
			MySQL, MYSQL
			H2, H2
			Oracle, GENERIC
			Microsoft SQL Server, GENERIC
			HSQL Database Engine, GENERIC
			Apache Derby, GENERIC
			null, GENERIC
			""")
	void fromProductName(String productName, JdbcDialect expected) {
		assertThat(JdbcDialect.fromProductName(productName)).isEqualTo(expected);
	}

}
