package io.github.idgen.autoconfigure.mongo;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the idgen MongoDB backend: segments reserved from counter
 * documents through the application's MongoTemplate, and worker ID leases in a
 * collection of it. {@code idgen.mongo} is bound whatever the classpath, so that a
 * misspelled property fails in every application.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(MongoProperties.class)
@Import({ MongoBackendConfiguration.class, MongoWorkerLeaseStoreConfiguration.class })
public final class MongoBackendAutoConfiguration {

}
