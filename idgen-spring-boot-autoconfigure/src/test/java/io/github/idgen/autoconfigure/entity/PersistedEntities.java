package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.context.ApplicationContext;

/**
 * Persists JPA entities of a test's application context in one transaction of their own.
 */
public final class PersistedEntities {

	private PersistedEntities() {
	}

	/**
	 * Persist new entities in one transaction and return them as persisted.
	 * @param <T> the entity type
	 * @param context the application context with the entity manager factory
	 * @param count how many entities
	 * @param entity creates the entity of each index
	 * @return the entities, in order
	 */
	public static <T> List<T> persist(ApplicationContext context, int count, IntFunction<T> entity) {
		try (EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager()) {
			entityManager.getTransaction().begin();
			List<T> entities = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				T created = entity.apply(i);
				entityManager.persist(created);
				entities.add(created);
			}
			entityManager.getTransaction().commit();
			return entities;
		}
	}

}
