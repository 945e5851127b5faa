package io.github.idgen.autoconfigure.entity;

import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.entity.hibernate.SequenceIdGenerator;

/**
 * JPA entities through Hibernate: Hibernate finds {@link SequenceIdGenerator} by the
 * annotation itself, and the generator finds the IdGenerator through the bean container
 * Spring Boot gives Hibernate. This configuration passes the generator the switch
 * ({@code false} also when idgen is switched off, so that a marked entity fails at
 * startup) and the rules of the idgen configuration, which it applies when Hibernate
 * builds the mappings; and it checks where the annotation stands, and that no column of
 * {@code base62} identifiers ignores case, once the entity manager factories exist, and
 * verifies the generators of each with the switch and the rules, which an entity manager
 * factory the application built itself did not get; and, unless
 * {@code idgen.entities.check-counters} is false, that no entity's sequence would issue
 * identifiers its table holds.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ HibernatePropertiesCustomizer.class, EntityManagerFactory.class, SequenceIdGenerator.class })
class JpaSequenceIdConfiguration {

	@Bean
	HibernatePropertiesCustomizer idgenSequenceIdHibernateProperties(ObjectProvider<IdGeneratorProperties> properties) {
		IdGeneratorProperties idgen = properties.getIfAvailable();
		boolean enabled = idgen != null && idgen.getEntities().isOn(idgen.getEntities().getJpa());
		return (hibernateProperties) -> {
			hibernateProperties.put(SequenceIdGenerator.ENABLED_SETTING, Boolean.toString(enabled));
			if (enabled) {
				hibernateProperties.put(SequenceIdGenerator.CHECK_SETTING, new SequenceIdRules(idgen));
			}
		};
	}

	@Bean
	JpaTextIdCollationCheck idgenJpaTextIdCollationCheck(ObjectProvider<EntityManagerFactory> entityManagerFactories,
			ObjectProvider<IdGeneratorProperties> properties) {
		return new JpaTextIdCollationCheck(entityManagerFactories,
				properties.getIfAvailable(IdGeneratorProperties::new));
	}

	@Bean
	JpaSequenceIdCheck idgenJpaSequenceIdCheck(ObjectProvider<EntityManagerFactory> entityManagerFactories,
			ObjectProvider<IdGeneratorProperties> properties) {
		return new JpaSequenceIdCheck(entityManagerFactories, properties.getIfAvailable());
	}

	@Bean
	@ConditionalOnBean({ SequenceRouting.class, IdGeneratorProperties.class })
	@ConditionalOnBooleanProperty(name = "idgen.entities.check-counters", matchIfMissing = true)
	JpaEntityCounterCheck idgenJpaEntityCounterCheck(ObjectProvider<EntityManagerFactory> entityManagerFactories,
			SequenceRouting routing, IdGeneratorProperties properties) {
		return new JpaEntityCounterCheck(entityManagerFactories, new EntityCounters(routing, properties));
	}

}
