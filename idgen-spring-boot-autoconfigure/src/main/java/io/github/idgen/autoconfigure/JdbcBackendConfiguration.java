package io.github.idgen.autoconfigure;

import java.util.Arrays;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.SegmentSequences;

/**
 * The JDBC backend: segments reserved from a table of the application's DataSource.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(EmbeddedDatabaseConnection.class)
@ConditionalOnBean(DataSource.class)
@ConditionalOnBackend(Backend.JDBC)
class JdbcBackendConfiguration {

	@Bean
	IdGeneratorBackend idgenJdbcBackend(JdbcSegmentStore store, IdGeneratorProperties properties) {
		SegmentSettingsMapper settings = new SegmentSettingsMapper(properties);
		return new IdGeneratorBackend(Backend.JDBC,
				new SegmentSequences(store, settings.defaults(), settings.sequences()));
	}

	@Bean
	@ConditionalOnMissingBean
	JdbcSegmentStore idgenJdbcSegmentStore(ListableBeanFactory beanFactory, ObjectProvider<DataSource> dataSources,
			IdGeneratorProperties properties) {
		IdGeneratorProperties.Jdbc jdbc = properties.getJdbc();
		DataSource dataSource = dataSource(beanFactory, dataSources, jdbc.getDataSource());
		JdbcSegmentStore store;
		try {
			store = new JdbcSegmentStore(dataSource, jdbc.getTable());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("idgen.jdbc.table", jdbc.getTable(), ex.getMessage());
		}
		if (shouldCreateSchema(jdbc.getInitializeSchema(), dataSource)) {
			new JdbcSegmentSchema(dataSource, jdbc.getTable()).createIfMissing();
		}
		return store;
	}

	private static DataSource dataSource(ListableBeanFactory beanFactory, ObjectProvider<DataSource> dataSources,
			String name) {
		String[] names = beanFactory.getBeanNamesForType(DataSource.class);
		if (name != null) {
			try {
				return beanFactory.getBean(name, DataSource.class);
			}
			catch (NoSuchBeanDefinitionException ex) {
				throw new InvalidConfigurationPropertyValueException("idgen.jdbc.data-source", name,
						"There is no DataSource bean of that name; the DataSource beans are " + Arrays.toString(names));
			}
		}
		DataSource dataSource = dataSources.getIfUnique();
		if (dataSource == null) {
			throw new InvalidConfigurationPropertyValueException("idgen.jdbc.data-source", null,
					"The application context has several DataSource beans " + Arrays.toString(names)
							+ " and none is primary. Set idgen.jdbc.data-source to the bean name of the one "
							+ "idgen should use.");
		}
		return dataSource;
	}

	private static boolean shouldCreateSchema(DatabaseInitializationMode mode, DataSource dataSource) {
		return switch (mode) {
			case ALWAYS -> true;
			case EMBEDDED -> EmbeddedDatabaseConnection.isEmbedded(dataSource);
			case NEVER -> false;
		};
	}

}
