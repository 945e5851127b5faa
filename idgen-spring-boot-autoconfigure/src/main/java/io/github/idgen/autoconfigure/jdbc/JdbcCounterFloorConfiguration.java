package io.github.idgen.autoconfigure.jdbc;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.jdbc.JdbcCounterFloor;

/**
 * The JDBC segment table as the durable floor of the Redis backend's counters, when
 * {@code idgen.redis.floor-source=jdbc}: the one place where one store serves another.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(EmbeddedDatabaseConnection.class)
@ConditionalOnBean(DataSource.class)
@ConditionalOnProperty(name = "idgen.redis.floor-source", havingValue = "jdbc")
class JdbcCounterFloorConfiguration {

	@Bean
	@ConditionalOnMissingBean
	JdbcCounterFloor idgenJdbcCounterFloor(ListableBeanFactory beanFactory, JdbcProperties jdbc) {
		String table = JdbcTables.segmentTable(jdbc);
		DataSource dataSource = DataSourceSelector.select(beanFactory, jdbc.getDataSource());
		JdbcTables.prepareSegmentTable(dataSource, jdbc);
		return new JdbcCounterFloor(dataSource, table);
	}

}
