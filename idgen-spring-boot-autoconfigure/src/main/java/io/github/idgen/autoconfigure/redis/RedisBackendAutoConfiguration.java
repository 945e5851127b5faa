package io.github.idgen.autoconfigure.redis;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the idgen Redis backend: counters in the application's Redis,
 * served per sequence in segment, increment or time mode, and worker ID leases in it.
 * {@code idgen.redis} is bound whatever the classpath, so that a misspelled property
 * fails in every application.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(RedisProperties.class)
@Import({ RedisBackendConfiguration.class, RedisWorkerLeaseStoreConfiguration.class })
public final class RedisBackendAutoConfiguration {

}
