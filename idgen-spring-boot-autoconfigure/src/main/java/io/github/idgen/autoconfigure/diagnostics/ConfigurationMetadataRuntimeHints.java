package io.github.idgen.autoconfigure.diagnostics;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * The configuration metadata in a native image: {@link UnknownPropertyFailureAnalyzer}
 * reads it to find the idgen properties classes and suggest the property meant by an
 * unknown one. Without it the failure report still names every unknown property, but
 * suggests none. The classes it lists are registered by Spring Boot, which registers
 * every bound {@code @ConfigurationProperties} class for binding.
 * <p>
 * Registered in {@code META-INF/spring/aot.factories}: the analyzer is one of Spring
 * Boot's failure analyzers from {@code META-INF/spring.factories}, not a bean of an
 * auto-configuration.
 */
class ConfigurationMetadataRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		hints.resources().registerPattern(PropertiesClasses.METADATA);
	}

}
