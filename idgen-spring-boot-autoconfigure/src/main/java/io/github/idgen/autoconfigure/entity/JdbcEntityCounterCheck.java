package io.github.idgen.autoconfigure.entity;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.dao.DataAccessException;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.jdbc.core.JdbcOperations;

import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;

/**
 * Checks, once the application context has created its singletons, that the sequence of
 * every Spring Data JDBC aggregate the mapping context knows then, whose numeric
 * identifier is marked {@code @SequenceId}, issues identifiers above the largest its
 * table holds (see {@link EntityCounters}). Reads {@code SELECT MAX(id) FROM table},
 * quoted as Spring Data JDBC quotes them on the database; a table that cannot be read
 * (such as one created after startup) is logged and not checked.
 */
class JdbcEntityCounterCheck implements SmartInitializingSingleton {

	private final JdbcMappingContext context;

	private final JdbcOperations jdbc;

	private final IdentifierProcessing identifiers;

	private final EntityCounters counters;

	JdbcEntityCounterCheck(JdbcMappingContext context, JdbcOperations jdbc, Dialect dialect, EntityCounters counters) {
		this.context = context;
		this.jdbc = jdbc;
		this.identifiers = dialect.getIdentifierProcessing();
		this.counters = counters;
	}

	@Override
	public void afterSingletonsInstantiated() {
		for (RelationalPersistentEntity<?> entity : this.context.getPersistentEntities()) {
			RelationalPersistentProperty id = entity.getIdProperty();
			if (id != null && id.isAnnotationPresent(SequenceId.class)
					&& (id.getType() == Long.class || id.getType() == long.class)) {
				check(entity, id);
			}
		}
	}

	private void check(RelationalPersistentEntity<?> entity, RelationalPersistentProperty id) {
		String sequence = SequenceIdType.sequenceName(id.getRequiredAnnotation(SequenceId.class),
				entity.getTableName().getReference());
		SequenceIdProperty property = new SequenceIdProperty(entity.getType().getName(), id.getName(),
				SequenceIdType.NUMBER, sequence);
		String table = entity.getQualifiedTableName().toSql(this.identifiers);
		String column = id.getColumnName().toSql(this.identifiers);
		Long largest;
		try {
			largest = this.jdbc.queryForObject("SELECT MAX(" + column + ") FROM " + table, Long.class);
		}
		catch (DataAccessException ex) {
			this.counters.unreadable(property, "table " + table, ex);
			return;
		}
		if (largest != null) {
			this.counters.check(property, "table " + table + " (column " + column + ")", largest);
		}
	}

}
