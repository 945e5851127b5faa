package io.github.idgen.autoconfigure.jdbc;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the idgen JDBC backend: segments reserved from a table of the
 * application's DataSource, worker ID leases in a table of it, and the durable floor of
 * Redis counters. {@code idgen.jdbc} is bound whatever the classpath, so that a
 * misspelled property fails in every application.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(JdbcProperties.class)
@Import({ JdbcBackendConfiguration.class, JdbcWorkerLeaseStoreConfiguration.class,
		JdbcCounterFloorConfiguration.class })
public final class JdbcBackendAutoConfiguration {

}
