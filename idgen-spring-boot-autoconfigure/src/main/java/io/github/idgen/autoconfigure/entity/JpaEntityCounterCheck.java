package io.github.idgen.autoconfigure.entity;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashSet;
import java.util.Set;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import org.hibernate.Session;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicEntityIdentifierMapping;
import org.hibernate.persister.entity.EntityPersister;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;
import io.github.idgen.entity.hibernate.SequenceIdGenerator;

/**
 * Checks, once the entity manager factories exist, that the sequence of every JPA entity
 * whose single-column numeric identifier is marked {@code @SequenceId} issues identifiers
 * above the largest its table holds (see {@link EntityCounters}). Reads
 * {@code SELECT MAX(id) FROM table} once per table, over a session of the entity manager
 * factory; entities of one hierarchy share their root's table and are checked once. The
 * table is aliased, since the root of a table-per-class hierarchy is a subquery (a union
 * of its subclasses' tables), which databases such as PostgreSQL before 16 read only with
 * an alias. A table that cannot be read is logged and not checked.
 */
class JpaEntityCounterCheck implements SmartInitializingSingleton {

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	private final EntityCounters counters;

	JpaEntityCounterCheck(ObjectProvider<EntityManagerFactory> entityManagerFactories, EntityCounters counters) {
		this.entityManagerFactories = entityManagerFactories;
		this.counters = counters;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.entityManagerFactories.orderedStream().forEach(this::check);
	}

	private void check(EntityManagerFactory factory) {
		SessionFactoryImplementor hibernate;
		try {
			hibernate = factory.unwrap(SessionFactoryImplementor.class);
		}
		catch (PersistenceException ex) {
			return;
		}
		Set<String> checked = new HashSet<>();
		hibernate.getMappingMetamodel().forEachEntityDescriptor((persister) -> check(hibernate, persister, checked));
	}

	private void check(SessionFactoryImplementor hibernate, EntityPersister persister, Set<String> checked) {
		if (!(persister.getGenerator() instanceof SequenceIdGenerator generator)
				|| !(persister.getIdentifierMapping() instanceof BasicEntityIdentifierMapping id)) {
			return;
		}
		SequenceIdProperty property = generator.property();
		String table = id.getContainingTableExpression();
		String column = id.getSelectionExpression();
		if (property.type() != SequenceIdType.NUMBER || !checked.add(table + "\u0000" + column)) {
			return;
		}
		Long largest;
		try {
			largest = largest(hibernate, table, column);
		}
		catch (RuntimeException ex) {
			this.counters.unreadable(property, "table " + table, ex);
			return;
		}
		if (largest != null) {
			this.counters.check(property, "table " + table + " (column " + column + ")", largest);
		}
	}

	private static Long largest(SessionFactoryImplementor hibernate, String table, String column) {
		try (Session session = hibernate.openSession()) {
			return session.doReturningWork((connection) -> {
				try (PreparedStatement statement = connection
					.prepareStatement("SELECT MAX(" + column + ") FROM " + table + " idgen_ids");
						ResultSet result = statement.executeQuery()) {
					result.next();
					long value = result.getLong(1);
					return result.wasNull() ? null : value;
				}
			});
		}
	}

}
