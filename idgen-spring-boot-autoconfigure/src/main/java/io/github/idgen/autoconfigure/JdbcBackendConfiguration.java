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
