package io.github.idgen.autoconfigure;

import java.lang.reflect.Field;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link IdGeneratorRuntimeHints}.
 */
class IdGeneratorRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	IdGeneratorRuntimeHintsTests() {
		new IdGeneratorRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
	}

	@Test
	void registersEveryClassThatBackendSelectionLooksUpByName() {
		assertThat(Backend.withStore()).containsExactly(Backend.JDBC, Backend.REDIS, Backend.MONGO);
		for (Backend backend : Backend.withStore()) {
			assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of(backend.store().beanType())))
				.as(backend + " store")
				.accepts(this.hints);
			assertThat(backend.store().requiredClasses()).allSatisfy(
					(name) -> assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of(name))).as(name)
						.accepts(this.hints));
		}
	}

	@Test
	void registersTheFieldThatTheSegmentEngineFindsByName() throws ReflectiveOperationException {
		Field cursor = Class.forName(IdGeneratorRuntimeHints.SEGMENT_BLOCK)
			.getDeclaredField(IdGeneratorRuntimeHints.SEGMENT_CURSOR);
		assertThat(cursor.getType()).isEqualTo(long.class);
		assertThat(RuntimeHintsPredicates.reflection().onFieldAccess(cursor)).accepts(this.hints);
	}

}
