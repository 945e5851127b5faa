package io.github.idgen.autoconfigure.redis;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RedisRuntimeHints}.
 */
class RedisRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	RedisRuntimeHintsTests() {
		new RedisRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
	}

	@Test
	void registersEveryLuaScript() {
		List<String> scripts = List.of("io/github/idgen/redis/reserve.lua", "io/github/idgen/redis/compare-and-set.lua",
				"io/github/idgen/redis/worker-acquire.lua", "io/github/idgen/redis/worker-renew.lua",
				"io/github/idgen/redis/worker-release.lua", "io/github/idgen/redis/time/reserve.lua");
		assertThat(scripts).allSatisfy((script) -> {
			assertThat(new ClassPathResource(script).exists()).as(script).isTrue();
			assertThat(RuntimeHintsPredicates.resource().forResource(script)).as(script).accepts(this.hints);
		});
	}

	@Test
	void registersNoOtherResource() {
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/idgen/jdbc/schema-h2.sql"))
			.rejects(this.hints);
	}

}
