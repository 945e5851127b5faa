package io.github.idgen.autoconfigure.snowflake;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the idgen snowflake backend: IDs composed from time, a worker ID
 * and a sequence in memory, the worker ID static, the StatefulSet ordinal, or leased from
 * a store of another backend. {@code idgen.snowflake} is bound whatever the classpath, so
 * that a misspelled property fails in every application.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(SnowflakeProperties.class)
@Import(SnowflakeBackendConfiguration.class)
public final class SnowflakeBackendAutoConfiguration {

}
