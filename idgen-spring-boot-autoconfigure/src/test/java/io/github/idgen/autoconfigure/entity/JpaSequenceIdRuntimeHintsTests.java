package io.github.idgen.autoconfigure.entity;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.context.annotation.UserConfigurations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;

import io.github.idgen.autoconfigure.AotProcessing;
import io.github.idgen.autoconfigure.entity.jpa.shop.JpaOrder;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.hibernate.SequenceIdGenerator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shows that idgen needs no hints of its own for {@link SequenceId} on JPA entities:
 * Spring Framework's ahead-of-time processing of the entities registers the generator
 * that Hibernate instantiates for {@code @IdGeneratorType} (which {@link SequenceId} is
 * meta-annotated with), and the entities, whose fields {@link JpaSequenceIdCheck} reads.
 */
class JpaSequenceIdRuntimeHintsTests {

	@Test
	void springRegistersTheGeneratorOfEveryEntityWithSequenceId() {
		RuntimeHints hints = AotProcessing.hints(UserConfigurations.of(Entities.class));
		assertThat(RuntimeHintsPredicates.reflection()
			.onType(SequenceIdGenerator.class)
			.withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS)).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onType(JpaOrder.class)).accepts(hints);
	}

	@Test
	void noEntityWithSequenceIdNoGenerator() {
		RuntimeHints hints = AotProcessing.hints(UserConfigurations.of(NoEntities.class));
		assertThat(RuntimeHintsPredicates.reflection().onType(SequenceIdGenerator.class)).rejects(hints);
	}

	@Configuration(proxyBeanMethods = false)
	static class Entities {

		@Bean
		PersistenceManagedTypes persistenceManagedTypes() {
			return PersistenceManagedTypes.of(JpaOrder.class.getName());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class NoEntities {

		@Bean
		PersistenceManagedTypes persistenceManagedTypes() {
			return PersistenceManagedTypes.of();
		}

	}

}
