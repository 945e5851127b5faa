package io.github.idgen.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SqlIdentifiers}.
 */
class SqlIdentifiersTest {

	@ParameterizedTest
	@ValueSource(strings = { "idgen_segment", "IDGEN_SEGMENT", "_t", "t1", "a_b_9", "public.idgen_segment", "_s._t" })
	void validateTableNameAcceptsPlainIdentifiers(String name) {
		assertThat(SqlIdentifiers.validateTableName(name)).isEqualTo(name);
	}

	@Test
	void validateTableNameAcceptsLongestName() {
		String name = "s".repeat(60) + "." + "t".repeat(SqlIdentifiers.MAX_LENGTH - 61);
		assertThat(SqlIdentifiers.validateTableName(name)).isEqualTo(name);
	}

	@Test
	void validateTableNameRejectsLongerName() {
		String name = "t".repeat(SqlIdentifiers.MAX_LENGTH + 1);
		assertThatIllegalArgumentException().isThrownBy(() -> SqlIdentifiers.validateTableName(name))
			.withMessageContaining("'" + name + "'")
			.withMessageContaining("at most 128 characters");
	}

	@ParameterizedTest
	@NullAndEmptySource
	@ValueSource(strings = { "idgen_segment; drop table x", "a-b", "\"quoted\"", "`quoted`", "[quoted]", "1table",
			"a.b.c", ".t", "t.", "s..t", "a b", " t", "t ", "表", "té", "t--", "t/*x*/", "t'" })
	void validateTableNameRejectsOtherNames(String name) {
		assertThatIllegalArgumentException().isThrownBy(() -> SqlIdentifiers.validateTableName(name))
			.withMessageContaining("'" + name + "'")
			.withMessageContaining("letters, digits and underscores")
			.withMessageContaining("schema.table");
	}

}
