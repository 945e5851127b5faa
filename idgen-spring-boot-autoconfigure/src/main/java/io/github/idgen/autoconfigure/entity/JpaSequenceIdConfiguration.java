package io.github.idgen.autoconfigure.entity;

import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.entity.hibernate.SequenceIdGenerator;

/**
 * JPA entities through Hibernate: Hibernate finds {@link SequenceIdGenerator} by the
 * annotation itself, and the generator finds the IdGenerator through the bean container
 * Spring Boot gives Hibernate. This configuration only passes the switch
 * ({@code idgen.entities.jpa.enabled}) to Hibernate, and checks the mappings at startup.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ HibernatePropertiesCustomizer.class, EntityManagerFactory.class, SequenceIdGenerator.class })
class JpaSequenceIdConfiguration {

	@Bean
	HibernatePropertiesCustomizer idgenSequenceIdHibernateProperties(IdGeneratorProperties properties) {
		IdGeneratorProperties.Entities entities = properties.getEntities();
		String enabled = Boolean.toString(entities.isOn(entities.getJpa()));
		return (hibernateProperties) -> hibernateProperties.put(SequenceIdGenerator.ENABLED_SETTING, enabled);
	}

	@Bean
	JpaSequenceIdCheck idgenJpaSequenceIdCheck(ObjectProvider<EntityManagerFactory> entityManagerFactories,
			IdGeneratorProperties properties) {
		return new JpaSequenceIdCheck(entityManagerFactories, properties);
	}

}
