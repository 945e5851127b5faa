package io.github.idgen.autoconfigure.jdbc;

import javax.sql.DataSource;

import org.springframework.boot.LazyInitializationExcludeFilter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureOrder;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportRuntimeHints;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the idgen JDBC backend: segments reserved from a table of the
 * application's DataSource, worker ID leases in a table of it, and the durable floor of
 * another backend's counters. {@code idgen.jdbc} is bound whatever the classpath, so that
 * a misspelled property fails in every application.
 * <p>
 * It comes with {@link IdGeneratorAutoConfiguration}: excluding that one turns idgen off.
 * Its conditions look for store beans, so it comes after Spring Boot's auto-configuration
 * of its store, and, by its order ({@link IdGeneratorAutoConfiguration#BACKEND_ORDER}),
 * after those of other libraries that may define one.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class,
		afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@AutoConfigureOrder(IdGeneratorAutoConfiguration.BACKEND_ORDER)
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@ConditionalOnBean(IdGeneratorProperties.class)
@EnableConfigurationProperties(JdbcProperties.class)
@Import({ JdbcBackendConfiguration.class, JdbcStripedBackendConfiguration.class,
		JdbcWorkerLeaseStoreConfiguration.class, JdbcCounterFloorConfiguration.class })
@ImportRuntimeHints(JdbcRuntimeHints.class)
public final class JdbcBackendAutoConfiguration {

	/**
	 * Bind {@code idgen.jdbc} at startup even with lazy initialization, so that a
	 * misspelled property fails at once.
	 * @return the filter that keeps the properties from being initialized lazily
	 */
	@Bean
	static LazyInitializationExcludeFilter idgenJdbcPropertiesEagerly() {
		return LazyInitializationExcludeFilter.forBeanTypes(JdbcProperties.class);
	}

	/**
	 * idgen's own connection pools, which the JDBC stores draw their connections from.
	 * @param jdbc the JDBC settings, for {@code idgen.jdbc.pool-size}
	 * @return the pools, none opened yet
	 */
	@Bean
	@ConditionalOnBean(DataSource.class)
	JdbcConnectionPools idgenJdbcConnectionPools(JdbcProperties jdbc) {
		if (jdbc.getPoolSize() < 0) {
			throw new IdGeneratorConfigurationException("idgen.jdbc.pool-size", jdbc.getPoolSize(),
					"idgen.jdbc.pool-size is " + jdbc.getPoolSize() + ", and a pool cannot have fewer than 0 "
							+ "connections.",
					"Set idgen.jdbc.pool-size to 0 to share the application's pool, or to the connections of "
							+ "idgen's own pool, such as 2.");
		}
		return new JdbcConnectionPools(jdbc.getPoolSize());
	}

}
