package io.github.idgen.autoconfigure;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.SchemaInitialization;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.jdbc.SqlIdentifiers;

/**
 * The JDBC backend: segments reserved from a table of the application's DataSource.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(EmbeddedDatabaseConnection.class)
@ConditionalOnBean(DataSource.class)
@ConditionalOnBackend(Backend.JDBC)
class JdbcBackendConfiguration {

	@Bean
	IdGeneratorBackend idgenJdbcBackend(JdbcSegmentStore store, IdGeneratorProperties properties,
			ObjectProvider<BackendObservers> observers) {
		return new IdGeneratorBackend(Backend.JDBC, new SegmentSettingsMapper(properties).segmentSequences(store,
				observers.getIfAvailable(() -> BackendObservers.NONE).observer(Backend.JDBC)));
	}

	@Bean
	@ConditionalOnMissingBean
	JdbcSegmentStore idgenJdbcSegmentStore(ListableBeanFactory beanFactory, IdGeneratorProperties properties) {
		IdGeneratorProperties.Jdbc jdbc = properties.getJdbc();
		String table = table(jdbc);
		DataSource dataSource = DataSourceSelector.select(beanFactory, jdbc.getDataSource());
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource, table);
		createSchemaIfConfigured(dataSource, jdbc);
		checkTableShape(dataSource, table);
		return store;
	}

	/**
	 * Return {@code idgen.jdbc.table} if it is a valid table name.
	 * @throws IdGeneratorConfigurationException naming the property if it is not
	 */
	static String table(IdGeneratorProperties.Jdbc jdbc) {
		try {
			return SqlIdentifiers.validateTableName(jdbc.getTable());
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.jdbc.table", jdbc.getTable(),
					"idgen.jdbc.table is '" + jdbc.getTable() + "', which is not a valid table name: " + ex.getMessage(),
					"Set idgen.jdbc.table to a table name of letters, digits and '_', optionally qualified by a "
							+ "schema, such as idgen_segment or ids.idgen_segment.");
		}
	}

	/**
	 * Check that the idgen table, if it exists, has the shape the store needs (see
	 * {@link JdbcSegmentSchema#findShapeProblems()}). A database that cannot be asked is
	 * not checked: the store reports it when it is used, and {@code idgen.fail-fast} at
	 * startup.
	 * @throws IdGeneratorConfigurationException naming {@code idgen.jdbc.table}, every
	 * problem and the script of the table if it has another shape
	 */
	static void checkTableShape(DataSource dataSource, String table) {
		JdbcSegmentSchema schema = new JdbcSegmentSchema(dataSource, table);
		TableShapeMismatch.find(schema::findShapeProblems, schema::script).ifPresent((mismatch) -> {
			throw new IdGeneratorConfigurationException("idgen.jdbc.table", table,
					"idgen.jdbc.table is '" + table + "', and that table exists with another shape than idgen needs: "
							+ mismatch.problems() + ".",
					"Change table '" + table + "' to the shape of idgen's script for this database, or set "
							+ "idgen.jdbc.table to a table that has it or does not exist yet "
							+ "(idgen.jdbc.initialize-schema creates it):\n" + mismatch.script());
		});
	}

	/**
	 * Create the idgen table if {@code idgen.jdbc.initialize-schema} says so for the given
	 * data source.
	 */
	static void createSchemaIfConfigured(DataSource dataSource, IdGeneratorProperties.Jdbc jdbc) {
		if (shouldCreateSchema(jdbc.getInitializeSchema(), dataSource)) {
			new JdbcSegmentSchema(dataSource, jdbc.getTable()).createIfMissing();
		}
	}

	static boolean shouldCreateSchema(SchemaInitialization mode, DataSource dataSource) {
		return switch (mode) {
			case ALWAYS -> true;
			case EMBEDDED -> EmbeddedDatabaseConnection.isEmbedded(dataSource);
			case NEVER -> false;
		};
	}

}
