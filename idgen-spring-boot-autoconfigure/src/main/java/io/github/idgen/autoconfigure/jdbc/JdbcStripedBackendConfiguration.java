package io.github.idgen.autoconfigure.jdbc;

import java.util.List;

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

import io.github.idgen.autoconfigure.AllKeyChecks;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendKeyChecks;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.ConditionalOnBackend;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SegmentSettingsMapper;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.jdbc.JdbcKeyChecks;
import io.github.idgen.segment.KeyCheckStore;
import io.github.idgen.segment.striped.StripedSegmentStore;

/**
 * The JDBC backend striped over the DataSources of {@code idgen.jdbc.data-sources}: a
 * {@link StripedSegmentStore} of a table in each.
 */
@Configuration(proxyBeanMethods = false)
@Import(DatabaseInitializationDependencyConfigurer.class)
@ConditionalOnClass(EmbeddedDatabaseConnection.class)
@ConditionalOnBean(DataSource.class)
@ConditionalOnBackend(Backend.JDBC)
@Conditional(StripedDataSourcesCondition.class)
class JdbcStripedBackendConfiguration {

	@Bean
	IdGeneratorBackend idgenJdbcStripedBackend(StripedSegmentStore store, IdGeneratorProperties properties,
			ObjectProvider<BackendObservers> observers, BackgroundThreads threads) {
		return new IdGeneratorBackend(Backend.JDBC, new SegmentSettingsMapper(properties).segmentSequences(store,
				BackendObservers.of(observers, Backend.JDBC), threads), StripedDataSources::checkUnbounded);
	}

	/**
	 * The key check values of obfuscated sequences, recorded in the segment table of
	 * every database of {@code idgen.jdbc.data-sources}.
	 */
	@Bean
	BackendKeyChecks idgenJdbcStripedKeyChecks(ListableBeanFactory beanFactory, JdbcProperties jdbc) {
		String table = JdbcTables.segmentTable(jdbc);
		List<KeyCheckStore> stores = jdbc.getDataSources()
			.stream()
			.map((name) -> (KeyCheckStore) new JdbcKeyChecks(DataSourceSelector.select(beanFactory, name), table))
			.toList();
		return new BackendKeyChecks(Backend.JDBC, new AllKeyChecks(stores));
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	StripedSegmentStore idgenJdbcStripedSegmentStore(ListableBeanFactory beanFactory, JdbcProperties jdbc,
			BackgroundThreads threads, JdbcConnectionPools pools) {
		if (jdbc.getDataSources().isEmpty()) {
			throw StripedDataSources.decidedAheadOfTime(jdbc, true);
		}
		return StripedDataSources.open(beanFactory, jdbc, threads, pools);
	}

}
