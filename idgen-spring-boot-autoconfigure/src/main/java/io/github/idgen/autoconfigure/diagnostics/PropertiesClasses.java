package io.github.idgen.autoconfigure.diagnostics;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.util.ClassUtils;

/**
 * The idgen {@code @ConfigurationProperties} classes, as the configuration metadata on
 * the class path lists them: each with the name it is bound to.
 */
final class PropertiesClasses {

	/**
	 * The configuration metadata that lists the properties classes.
	 */
	static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private static final String IDGEN = "idgen";

	private PropertiesClasses() {
	}

	/**
	 * Return the idgen properties classes by the name they are bound to, such as
	 * {@code idgen.<backend>}; empty if no metadata can be read.
	 */
	static Map<String, Class<?>> read(ClassLoader classLoader) {
		Map<String, Class<?>> classes = new TreeMap<>();
		try {
			Enumeration<URL> resources = classLoader.getResources(METADATA);
			while (resources.hasMoreElements()) {
				addGroups(resources.nextElement(), classLoader, classes);
			}
		}
		catch (IOException ex) {
			return classes;
		}
		return classes;
	}

	private static void addGroups(URL resource, ClassLoader classLoader, Map<String, Class<?>> classes)
			throws IOException {
		String json;
		try (InputStream input = resource.openStream()) {
			json = new String(input.readAllBytes(), StandardCharsets.UTF_8);
		}
		Object groups = JsonParserFactory.getJsonParser().parseMap(json).get("groups");
		if (!(groups instanceof List<?> list)) {
			return;
		}
		for (Object group : list) {
			if (group instanceof Map<?, ?> attributes && attributes.get("name") instanceof String name
					&& attributes.get("type") instanceof String type && isIdgen(name)
					&& ClassUtils.isPresent(type, classLoader)) {
				Class<?> properties = ClassUtils.resolveClassName(type, classLoader);
				if (properties.isAnnotationPresent(ConfigurationProperties.class)) {
					classes.put(name, properties);
				}
			}
		}
	}

	private static boolean isIdgen(String name) {
		return name.equals(IDGEN) || name.startsWith(IDGEN + ".");
	}

}
