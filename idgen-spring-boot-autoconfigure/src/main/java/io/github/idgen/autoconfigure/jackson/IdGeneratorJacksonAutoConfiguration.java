package io.github.idgen.autoconfigure.jackson;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.LazyInitializationExcludeFilter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of IDs in JSON as strings, with Jackson 3: the
 * {@link IdsAsStringsModule} as a bean, which Spring Boot's Jackson auto-configuration
 * adds to the application's {@code JsonMapper} as it adds every {@code JacksonModule}
 * bean. The module is there whether {@code idgen.jackson.ids-as-strings} is on or not, so
 * that {@link IdsAsStrings} works either way.
 */
@AutoConfiguration
@ConditionalOnClass(JsonMapper.class)
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(IdGeneratorJacksonProperties.class)
public final class IdGeneratorJacksonAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdsAsStringsModule idgenIdsAsStringsModule(IdGeneratorJacksonProperties properties) {
		return new IdsAsStringsModule(properties.isIdsAsStrings());
	}

	/**
	 * Bind {@code idgen.jackson} at startup even with lazy initialization, so that a
	 * misspelled property fails at once.
	 * @return the filter that keeps the properties from being initialized lazily
	 */
	@Bean
	static LazyInitializationExcludeFilter idgenJacksonPropertiesEagerly() {
		return LazyInitializationExcludeFilter.forBeanTypes(IdGeneratorJacksonProperties.class);
	}

}
