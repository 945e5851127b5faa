package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.UnboundElementsSourceFilter;
import org.springframework.core.env.ConfigurableEnvironment;

import io.github.idgen.autoconfigure.jackson.IdGeneratorJacksonProperties;

/**
 * Finds the {@code idgen} properties that nothing binds, such as a misspelled
 * {@code idgen.segment.stpe} or {@code idgen.snowflak.worker-id}, as Spring Boot does for
 * properties classes with {@code ignoreUnknownFields = false}.
 * <p>
 * {@link IdGeneratorProperties} cannot ignore no unknown field itself, because each
 * backend binds its own group ({@code idgen.<backend>}) in a class of its own package,
 * which rejects the unknown properties of that group, and so do
 * {@link IdGeneratorJacksonProperties} ({@code idgen.jackson}) and the ID server's
 * properties ({@code idgen.server}, in the {@code idgen-server} module). This check binds
 * {@link IdGeneratorProperties} once more from the sources without those groups and
 * rejects every property left over, leaving out the system environment and system
 * properties as Spring Boot does.
 */
final class UnknownProperties {

	private static final ConfigurationPropertyName IDGEN = ConfigurationPropertyName.of("idgen");

	private static final ConfigurationPropertyName JACKSON = ConfigurationPropertyName
		.of(IdGeneratorJacksonProperties.PREFIX);

	/**
	 * The group of the ID server's properties, which the {@code idgen-server} module
	 * binds in a class of its own that rejects its unknown properties.
	 */
	private static final ConfigurationPropertyName SERVER = ConfigurationPropertyName.of("idgen.server");

	private UnknownProperties() {
	}

	/**
	 * Check that every {@code idgen} property of the environment is bound by
	 * {@link IdGeneratorProperties} or lies in a backend's group, {@code idgen.jackson}
	 * or {@code idgen.server}.
	 * @param environment the environment
	 * @throws org.springframework.boot.context.properties.bind.BindException whose cause
	 * is an
	 * {@link org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException}
	 * naming every such property
	 */
	static void check(ConfigurableEnvironment environment) {
		List<ConfigurationPropertySource> sources = new ArrayList<>();
		ConfigurationPropertySources.get(environment)
			.forEach((source) -> sources.add(source
				.filter((name) -> !inBackendGroup(name) && !inGroup(JACKSON, name) && !inGroup(SERVER, name))));
		Binder binder = new Binder(sources, new PropertySourcesPlaceholdersResolver(environment));
		BindHandler handler = new NoUnboundElementsBindHandler(BindHandler.DEFAULT, new UnboundElementsSourceFilter());
		binder.bind(IDGEN, Bindable.of(IdGeneratorProperties.class), handler);
	}

	private static boolean inBackendGroup(ConfigurationPropertyName name) {
		for (Backend backend : Backend.values()) {
			if (inGroup(backend.propertiesGroup(), name)) {
				return true;
			}
		}
		return false;
	}

	private static boolean inGroup(ConfigurationPropertyName group, ConfigurationPropertyName name) {
		return group.equals(name) || group.isAncestorOf(name);
	}

}
