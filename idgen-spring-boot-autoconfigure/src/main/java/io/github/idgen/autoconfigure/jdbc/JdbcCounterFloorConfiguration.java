package io.github.idgen.autoconfigure.jdbc;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.ConditionalOnCounterFloor;
import io.github.idgen.autoconfigure.CounterFloorKeyChecks;
import io.github.idgen.jdbc.JdbcCounterFloor;
import io.github.idgen.jdbc.JdbcKeyChecks;

/**
 * The JDBC segment table as the durable floor of another backend's counters, when a
 * backend in use asks for it ({@code idgen.<backend>.floor-source=jdbc}).
 */
@Configuration(proxyBeanMethods = false)
@Import(DatabaseInitializationDependencyConfigurer.class)
@ConditionalOnClass(EmbeddedDatabaseConnection.class)
@ConditionalOnBean(DataSource.class)
@ConditionalOnCounterFloor(Backend.JDBC)
class JdbcCounterFloorConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	JdbcCounterFloor idgenJdbcCounterFloor(ListableBeanFactory beanFactory, JdbcProperties jdbc,
			JdbcConnectionPools pools) {
		String table = JdbcTables.segmentTable(jdbc);
		DataSource dataSource = DataSourceSelector.select(beanFactory, jdbc.getDataSource());
		JdbcTables.checkSegmentTableShape(dataSource, table);
		return new JdbcCounterFloor(pools.of(dataSource), table);
	}

	/**
	 * The key check values of the obfuscated sequences of the backend whose floor this
	 * is, kept in the segment table with the floors.
	 */
	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	CounterFloorKeyChecks idgenJdbcCounterFloorKeyChecks(ListableBeanFactory beanFactory, JdbcProperties jdbc,
			JdbcConnectionPools pools) {
		DataSource dataSource = DataSourceSelector.select(beanFactory, jdbc.getDataSource());
		return new CounterFloorKeyChecks(new JdbcKeyChecks(pools.of(dataSource), JdbcTables.segmentTable(jdbc)));
	}

	/**
	 * The initializer of the segment table, only when the floor is idgen's own: an
	 * application that defines its own floor keeps its table to itself. A member class,
	 * so that its condition is decided before the floor above is registered.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean(JdbcCounterFloor.class)
	static class SegmentTableInitializerConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = JdbcTables.SEGMENT_TABLE_INITIALIZER)
		JdbcSegmentTableInitializer idgenJdbcSegmentTableInitializer(ListableBeanFactory beanFactory,
				JdbcProperties jdbc) {
			return JdbcTables.segmentTableInitializer(beanFactory, jdbc);
		}

	}

}
