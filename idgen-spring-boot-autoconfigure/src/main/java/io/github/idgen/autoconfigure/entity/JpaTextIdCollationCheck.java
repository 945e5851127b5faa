package io.github.idgen.autoconfigure.entity;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;

import javax.sql.DataSource;

import jakarta.persistence.EntityManagerFactory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.mapping.BasicEntityIdentifierMapping;
import org.hibernate.persister.entity.EntityPersister;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.orm.jpa.EntityManagerFactoryInfo;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdType;
import io.github.idgen.text.IdCodec;

/**
 * Checks, once the entity manager factories exist, that no JPA entity writes
 * {@code base62} identifiers ({@code text: base62}, or {@code {seq:base62}} in a format)
 * into a column whose collation ignores case: there IDs that differ in case only, such as
 * 11 ({@code ...B}) and 37 ({@code ...b}), are equal, and the second insert fails with a
 * duplicate key. It reads the column's collation from {@code information_schema.COLUMNS}
 * on MySQL and MariaDB (in the database the entity's table names, else the connection's),
 * the databases where idgen can see it; elsewhere it checks nothing. A collation whose
 * name has {@code _ci} fails startup, naming the entity, the table, the column, the
 * collation and the fixes.
 */
class JpaTextIdCollationCheck implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(JpaTextIdCollationCheck.class);

	private static final String COLLATION_QUERY = "SELECT COLLATION_NAME FROM information_schema.COLUMNS "
			+ "WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ? AND COLUMN_NAME = ?";

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	private final IdGeneratorProperties properties;

	JpaTextIdCollationCheck(ObjectProvider<EntityManagerFactory> entityManagerFactories,
			IdGeneratorProperties properties) {
		this.entityManagerFactories = entityManagerFactories;
		this.properties = properties;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.entityManagerFactories.orderedStream().forEach(this::check);
	}

	private void check(EntityManagerFactory factory) {
		if (!(factory instanceof EntityManagerFactoryInfo info) || info.getDataSource() == null) {
			return;
		}
		SessionFactoryImplementor sessionFactory = factory.unwrap(SessionFactoryImplementor.class);
		sessionFactory.getMappingMetamodel()
			.forEachEntityDescriptor((persister) -> check(persister, info.getDataSource()));
	}

	private void check(EntityPersister persister, DataSource dataSource) {
		if (!(persister.getIdentifierMapping() instanceof BasicEntityIdentifierMapping id)
				|| id.getJavaType().getJavaTypeClass() != String.class) {
			return;
		}
		SequenceId annotation = annotation(persister.getMappedClass(), id.getAttributeName());
		if (annotation == null) {
			return;
		}
		String tableExpression = id.getContainingTableExpression();
		String table = unquoted(tableExpression);
		String sequence = SequenceIdType.sequenceName(annotation, table);
		SequenceProperties settings = this.properties.getSequences().get(sequence);
		if (settings == null || !writesBase62(settings)) {
			return;
		}
		String column = unquoted(id.getSelectionExpression());
		String collation = collation(dataSource, database(tableExpression), table, column);
		if (collation == null || !collation.toLowerCase(Locale.ROOT).contains("_ci")) {
			return;
		}
		String property = "idgen.sequences." + sequence + ((settings.getText() != null) ? ".text" : ".format");
		throw new IdGeneratorConfigurationException(property,
				(settings.getText() != null) ? "base62" : settings.getFormat(),
				"@SequenceId on " + persister.getMappedClass().getName() + "." + id.getAttributeName()
						+ " writes base62 text (" + property + ") into table " + table + ", column " + column
						+ ", whose collation " + collation + " ignores case, so IDs that differ in case only, such "
						+ "as 11 (...B) and 37 (...b), are equal there and the second insert fails with a duplicate "
						+ "key.",
				"Set idgen.sequences." + sequence + ".text=crockford-base32 (upper case only, safe under any "
						+ "collation), or give the column a binary collation, such as ALTER TABLE " + table + " MODIFY "
						+ column + " VARCHAR(11) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin.");
	}

	private static boolean writesBase62(SequenceProperties settings) {
		return settings.getText() == IdCodec.BASE62
				|| (settings.getFormat() != null && settings.getFormat().contains("{seq:base62}"));
	}

	private static SequenceId annotation(Class<?> entity, String attribute) {
		for (Class<?> type = entity; type != null && type != Object.class; type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				if (field.getName().equals(attribute) && field.isAnnotationPresent(SequenceId.class)) {
					return field.getAnnotation(SequenceId.class);
				}
			}
			for (Method method : type.getDeclaredMethods()) {
				if (isGetterOf(method, attribute)) {
					return method.getAnnotation(SequenceId.class);
				}
			}
		}
		return null;
	}

	private static boolean isGetterOf(Method method, String attribute) {
		String name = "get" + Character.toUpperCase(attribute.charAt(0)) + attribute.substring(1);
		return method.getName().equals(name) && method.getParameterCount() == 0
				&& method.isAnnotationPresent(SequenceId.class);
	}

	private static String unquoted(String name) {
		String last = name.substring(name.lastIndexOf('.') + 1);
		if (last.length() > 1 && "`\"[".indexOf(last.charAt(0)) >= 0) {
			return last.substring(1, last.length() - 1);
		}
		return last;
	}

	/**
	 * Return the database (MySQL's and MariaDB's schema, Hibernate's catalog) that a
	 * qualified table expression such as {@code other.tickets} names, unquoted, or
	 * {@code null} for a table of the connection's database.
	 */
	private static String database(String tableExpression) {
		int last = tableExpression.lastIndexOf('.');
		return (last > 0) ? unquoted(tableExpression.substring(0, last)) : null;
	}

	/**
	 * Return the collation of a column on MySQL or MariaDB, or {@code null} on other
	 * databases, for a column that does not exist (yet), or if it cannot be read.
	 * @param database the table's database, {@code null} for the connection's
	 */
	private static String collation(DataSource dataSource, String database, String table, String column) {
		try (Connection connection = dataSource.getConnection()) {
			String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
			if (!product.contains("mysql") && !product.contains("mariadb")) {
				return null;
			}
			try (PreparedStatement statement = connection.prepareStatement(COLLATION_QUERY)) {
				if (database != null) {
					statement.setString(1, database);
				}
				else {
					statement.setNull(1, Types.VARCHAR);
				}
				statement.setString(2, table);
				statement.setString(3, column);
				try (ResultSet result = statement.executeQuery()) {
					return result.next() ? result.getString(1) : null;
				}
			}
		}
		catch (SQLException ex) {
			logger.warn("Could not read the collation of column " + column + " of table " + table
					+ ", to check that base62 IDs are not equal there in another case: " + ex.getClass().getName());
			return null;
		}
	}

}
