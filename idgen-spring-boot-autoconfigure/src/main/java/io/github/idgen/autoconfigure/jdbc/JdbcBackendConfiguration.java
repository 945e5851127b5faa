package io.github.idgen.autoconfigure.jdbc;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.ConditionalOnBackend;
import io.github.idgen.autoconfigure.BackendKeyChecks;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SegmentSettingsMapper;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.jdbc.JdbcKeyChecks;
import io.github.idgen.jdbc.JdbcSegmentStore;

/**
 * The JDBC backend: segments reserved from a table of the application's DataSource,
 * unless {@code idgen.jdbc.data-sources} stripes them over several (see
 * {@link JdbcStripedBackendConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
@Import(DatabaseInitializationDependencyConfigurer.class)
@ConditionalOnClass(EmbeddedDatabaseConnection.class)
@ConditionalOnBean(DataSource.class)
@ConditionalOnBackend(Backend.JDBC)
@Conditional(StripedDataSourcesCondition.NotStriped.class)
class JdbcBackendConfiguration {

	@Bean
	IdGeneratorBackend idgenJdbcBackend(JdbcSegmentStore store, IdGeneratorProperties properties, JdbcProperties jdbc,
			ObjectProvider<BackendObservers> observers, BackgroundThreads threads) {
		if (!jdbc.getDataSources().isEmpty()) {
			throw StripedDataSources.decidedAheadOfTime(jdbc, false);
		}
		return new IdGeneratorBackend(Backend.JDBC, new SegmentSettingsMapper(properties).segmentSequences(store,
				BackendObservers.of(observers, Backend.JDBC), threads));
	}

	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	JdbcSegmentStore idgenJdbcSegmentStore(ListableBeanFactory beanFactory, JdbcProperties jdbc,
			JdbcConnectionPools pools) {
		String table = JdbcTables.segmentTable(jdbc);
		DataSource dataSource = DataSourceSelector.select(beanFactory, jdbc.getDataSource());
		JdbcSegmentStore store = new JdbcSegmentStore(pools.of(dataSource), table);
		JdbcTables.checkSegmentTableShape(dataSource, table);
		JdbcTables.checkNotStriped(store, table);
		return store;
	}

	/**
	 * The initializer of the segment table and the key checks in it, only when the store
	 * is idgen's own: an application that defines its own store keeps its table to
	 * itself. A member class, so that its condition is decided before the store above is
	 * registered.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean(JdbcSegmentStore.class)
	static class SegmentTableInitializerConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = JdbcTables.SEGMENT_TABLE_INITIALIZER)
		JdbcSegmentTableInitializer idgenJdbcSegmentTableInitializer(ListableBeanFactory beanFactory,
				JdbcProperties jdbc) {
			return JdbcTables.segmentTableInitializer(beanFactory, jdbc);
		}

		/**
		 * The key check values of obfuscated sequences, in the segment table of idgen's
		 * own store; an application that defines its own store is not checked, as idgen
		 * does not know its table.
		 */
		@Bean
		BackendKeyChecks idgenJdbcKeyChecks(ListableBeanFactory beanFactory, JdbcProperties jdbc) {
			return new BackendKeyChecks(Backend.JDBC, new JdbcKeyChecks(
					DataSourceSelector.select(beanFactory, jdbc.getDataSource()), JdbcTables.segmentTable(jdbc)));
		}

	}

}
