package io.github.idgen.autoconfigure.entity;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.persister.entity.EntityPersister;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.hibernate.SequenceIdGenerator;

/**
 * Checks the JPA entities marked {@link SequenceId} once the application context has
 * created its singletons: {@code @SequenceId} only on the identifier, and a text
 * identifier only from a sequence with a format. Hibernate itself rejects an identifier
 * of an unsupported type when it builds the entity manager factory.
 */
class JpaSequenceIdCheck implements SmartInitializingSingleton {

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	private final IdGeneratorProperties properties;

	JpaSequenceIdCheck(ObjectProvider<EntityManagerFactory> entityManagerFactories, IdGeneratorProperties properties) {
		this.entityManagerFactories = entityManagerFactories;
		this.properties = properties;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.entityManagerFactories.orderedStream()
			.map((factory) -> factory.unwrap(SessionFactoryImplementor.class))
			.forEach((factory) -> factory.getMappingMetamodel().forEachEntityDescriptor(this::check));
	}

	private void check(EntityPersister persister) {
		if (persister.getGenerator() instanceof SequenceIdGenerator generator) {
			new SequenceIdMapping(generator.entity(), generator.property(), generator.type(), generator.sequence())
				.check(this.properties);
		}
		String identifier = persister.getIdentifierPropertyName();
		for (Class<?> type = persister.getMappedClass(); type != null
				&& type != Object.class; type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				checkOnlyOnIdentifier(persister, identifier, field.getName(),
						field.isAnnotationPresent(SequenceId.class));
			}
			for (Method method : type.getDeclaredMethods()) {
				checkOnlyOnIdentifier(persister, identifier, propertyName(method),
						method.isAnnotationPresent(SequenceId.class));
			}
		}
	}

	private static void checkOnlyOnIdentifier(EntityPersister persister, String identifier, String property,
			boolean marked) {
		if (marked && !property.equals(identifier)) {
			String entity = persister.getEntityName();
			throw new SequenceIdMappingException("@SequenceId on " + entity + "." + property + ": " + property
					+ " is not the identifier of " + entity + ((identifier != null) ? " (" + identifier + " is)" : "")
					+ ", and @SequenceId draws identifiers only. Move @SequenceId to the @Id of " + entity
					+ ", or draw " + property + " with IdGenerator.nextId(...) yourself.");
		}
	}

	private static String propertyName(Method method) {
		String name = method.getName();
		for (String prefix : new String[] { "get", "is" }) {
			if (name.startsWith(prefix) && name.length() > prefix.length()) {
				return Character.toLowerCase(name.charAt(prefix.length())) + name.substring(prefix.length() + 1);
			}
		}
		return name;
	}

}
