package io.github.idgen.autoconfigure.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.ClassPathResource;

import io.github.idgen.jdbc.JdbcDialect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link JdbcRuntimeHints}.
 */
class JdbcRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	JdbcRuntimeHintsTests() {
		new JdbcRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
	}

	@Test
	void registersTheScriptsOfEveryDialect() {
		List<String> scripts = new ArrayList<>();
		for (JdbcDialect dialect : JdbcDialect.values()) {
			String id = dialect.name().toLowerCase(Locale.ROOT);
			scripts.add("io/github/idgen/jdbc/schema-" + id + ".sql");
			if (dialect.supportsWorkerLeases()) {
				scripts.add("io/github/idgen/jdbc/worker-schema-" + id + ".sql");
			}
		}
		assertThat(scripts).hasSize(7).allSatisfy((script) -> {
			assertThat(new ClassPathResource(script).exists()).as(script).isTrue();
			assertThat(RuntimeHintsPredicates.resource().forResource(script)).as(script).accepts(this.hints);
		});
	}

	@Test
	void registersNoScriptOfAnotherPackage() {
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/idgen/redis/reserve.lua"))
			.rejects(this.hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("schema.sql")).rejects(this.hints);
	}

}
