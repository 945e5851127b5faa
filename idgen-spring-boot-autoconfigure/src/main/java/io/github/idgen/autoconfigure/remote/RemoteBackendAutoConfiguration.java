package io.github.idgen.autoconfigure.remote;

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
 * Auto-configuration} of the idgen remote backend: segments reserved from idgen ID
 * servers over HTTP with Spring's {@code RestClient}. {@code idgen.remote} is bound
 * whatever the classpath, so that a misspelled property fails in every application.
 * <p>
 * It comes with {@link IdGeneratorAutoConfiguration}: excluding that one turns idgen off.
 * It comes after Spring Boot's auto-configuration of {@code RestClient}, whose builder it
 * starts from when there is one.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class,
		afterName = "org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration")
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@ConditionalOnBean(IdGeneratorProperties.class)
@EnableConfigurationProperties(RemoteProperties.class)
@Import(RemoteBackendConfiguration.class)
public final class RemoteBackendAutoConfiguration {

	/**
	 * Bind {@code idgen.remote} at startup even with lazy initialization, so that a
	 * misspelled property fails at once.
	 * @return the filter that keeps the properties from being initialized lazily
	 */
	@Bean
	static LazyInitializationExcludeFilter idgenRemotePropertiesEagerly() {
		return LazyInitializationExcludeFilter.forBeanTypes(RemoteProperties.class);
	}

}
