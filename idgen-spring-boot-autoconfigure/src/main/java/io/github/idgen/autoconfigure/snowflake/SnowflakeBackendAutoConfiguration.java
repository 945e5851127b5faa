package io.github.idgen.autoconfigure.snowflake;

import org.springframework.boot.LazyInitializationExcludeFilter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorProperties;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the idgen snowflake backend: IDs composed from time, a worker ID
 * and a sequence in memory, the worker ID static, the StatefulSet ordinal, or leased from
 * a store of another backend. {@code idgen.snowflake} is bound whatever the classpath, so
 * that a misspelled property fails in every application.
 * <p>
 * It comes with {@link IdGeneratorAutoConfiguration}: excluding that one turns idgen off.
 * Its conditions look for no store bean: the store a worker ID is leased from is chosen
 * when the backend is created, from the lease-store factories the other backends define.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@ConditionalOnBean(IdGeneratorProperties.class)
@EnableConfigurationProperties(SnowflakeProperties.class)
@Import(SnowflakeBackendConfiguration.class)
public final class SnowflakeBackendAutoConfiguration {

	/**
	 * Bind {@code idgen.snowflake} at startup even with lazy initialization, so that a
	 * misspelled property fails at once.
	 * @return the filter that keeps the properties from being initialized lazily
	 */
	@Bean
	static LazyInitializationExcludeFilter idgenSnowflakePropertiesEagerly() {
		return LazyInitializationExcludeFilter.forBeanTypes(SnowflakeProperties.class);
	}

}
