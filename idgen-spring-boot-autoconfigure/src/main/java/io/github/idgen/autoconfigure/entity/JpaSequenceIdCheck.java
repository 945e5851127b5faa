package io.github.idgen.autoconfigure.entity;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

import jakarta.persistence.EmbeddedId;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.ManagedType;
import jakarta.persistence.metamodel.Metamodel;
import jakarta.persistence.metamodel.Type;

import org.hibernate.engine.spi.SessionFactoryImplementor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.hibernate.SequenceIdGenerator;

/**
 * Checks, once the application context has created its singletons, that
 * {@link SequenceId} marks only identifiers in the JPA entities and the classes they
 * embed or extend: a field or getter annotated {@link Id}, or a part of a composite
 * identifier (the class of an {@link EmbeddedId} or an {@code @IdClass}). Hibernate
 * ignores it anywhere else, which would leave the property unset. Everything else about
 * the mapping the generator checks when Hibernate builds it, with the switch and the
 * rules Spring Boot's JPA auto-configuration passes it; so that an entity manager factory
 * the application built itself, which gets neither, fails at startup too, each generator
 * of a Hibernate entity manager factory is then {@link SequenceIdGenerator#verify
 * verified} with them, and looks the IdGenerator up.
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
		this.entityManagerFactories.orderedStream().forEach((factory) -> {
			check(factory.getMetamodel());
			verifyGenerators(factory);
		});
	}

	private void verifyGenerators(EntityManagerFactory factory) {
		SessionFactoryImplementor hibernate;
		try {
			hibernate = factory.unwrap(SessionFactoryImplementor.class);
		}
		catch (PersistenceException ex) {
			return;
		}
		boolean enabled = this.properties != null
				&& this.properties.getEntities().isOn(this.properties.getEntities().getJpa());
		SequenceIdCheck rules = (this.properties != null) ? new SequenceIdRules(this.properties) : (property) -> {
		};
		hibernate.getMappingMetamodel().forEachEntityDescriptor((entity) -> {
			if (entity.getGenerator() instanceof SequenceIdGenerator generator) {
				generator.verify(enabled, rules);
			}
		});
	}

	private void check(Metamodel metamodel) {
		Set<Class<?>> compositeIds = new HashSet<>();
		for (EntityType<?> entity : metamodel.getEntities()) {
			Type<?> id = entity.getIdType();
			if (id != null
					&& (!entity.hasSingleIdAttribute() || id.getPersistenceType() == Type.PersistenceType.EMBEDDABLE)) {
				compositeIds.add(id.getJavaType());
			}
		}
		Set<Class<?>> checked = new HashSet<>();
		for (ManagedType<?> managed : metamodel.getManagedTypes()) {
			for (Class<?> type = managed.getJavaType(); type != null && type != Object.class
					&& checked.add(type); type = type.getSuperclass()) {
				boolean composite = compositeIds.contains(type);
				for (Field field : type.getDeclaredFields()) {
					if (!Modifier.isStatic(field.getModifiers())) {
						check(type, field, field.getName(), composite);
					}
				}
				for (Method method : type.getDeclaredMethods()) {
					if (!method.isBridge() && !method.isSynthetic()) {
						check(type, method, method.getName(), composite);
					}
				}
			}
		}
	}

	private static void check(Class<?> type, AnnotatedElement member, String name, boolean compositeId) {
		if (member.isAnnotationPresent(SequenceId.class) && !compositeId && !member.isAnnotationPresent(Id.class)) {
			String where = type.getName() + "." + name;
			throw new SequenceIdMappingException("@SequenceId on " + where + ": " + name
					+ " is not the identifier (it has no @Id, and " + type.getName()
					+ " is no composite identifier), and @SequenceId draws identifiers only. Move @SequenceId to the @Id "
					+ "of the entity, or draw " + name + " with IdGenerator.nextId(...) yourself.");
		}
	}

}
