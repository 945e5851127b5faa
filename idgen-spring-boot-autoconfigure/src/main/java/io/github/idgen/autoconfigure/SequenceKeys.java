package io.github.idgen.autoconfigure;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * The check that every sequence name written as a key of {@code idgen.sequences} reaches
 * the binder as written. Spring Boot drops from a map key without brackets every
 * character other than letters, digits, {@code -} and {@code _}, so that the settings of
 * {@code idgen.sequences.orders/eu.start} would silently go to a sequence named
 * {@code orderseu}, and {@code orders/eu} would start from the defaults. Such a key must
 * be written in brackets: {@code idgen.sequences.[orders/eu].start}.
 * <p>
 * Environment variables are not checked: their names cannot hold such characters.
 */
final class SequenceKeys {

	private static final String SEQUENCES = "idgen.sequences";

	private SequenceKeys() {
	}

	/**
	 * Check the keys of {@code idgen.sequences} in every property source of an
	 * environment that lists its property names.
	 * @param environment the environment
	 * @throws IdGeneratorConfigurationException naming the first property whose sequence
	 * name would not be bound as written
	 */
	static void check(ConfigurableEnvironment environment) {
		for (PropertySource<?> source : environment.getPropertySources()) {
			if (source instanceof EnumerablePropertySource<?> enumerable
					&& !(source instanceof SystemEnvironmentPropertySource)) {
				for (String property : enumerable.getPropertyNames()) {
					check(property, source.getName());
				}
			}
		}
	}

	private static void check(String property, String source) {
		if (!property.regionMatches(true, 0, SEQUENCES + ".", 0, SEQUENCES.length() + 1)) {
			return;
		}
		String rest = property.substring(SEQUENCES.length() + 1);
		if (rest.startsWith("[")) {
			return;
		}
		int end = endOfKey(rest);
		String key = rest.substring(0, end);
		ConfigurationPropertyName bound = ConfigurationPropertyName.adapt(key, '.');
		if (bound.getNumberOfElements() == 1 && bound.getElement(0, Form.ORIGINAL).equals(key)) {
			return;
		}
		String boundAs = (bound.getNumberOfElements() == 0) ? "no sequence at all"
				: "the sequence " + SequenceNames.quote(bound.toString());
		String bracketed = property.substring(0, SEQUENCES.length() + 1) + "[" + key + "]" + rest.substring(end);
		throw new IdGeneratorConfigurationException(property, null,
				"Property " + SequenceNames.quote(property) + " (from " + source + ") names the sequence "
						+ SequenceNames.quote(key) + ", but Spring Boot binds it to " + boundAs
						+ ", since it drops every character other than letters, digits, '-' and '_' from a map key "
						+ "without brackets",
				"Write the sequence name of " + property + " in brackets: " + SequenceNames.quote(bracketed) + " (in YAML, the key "
						+ SequenceNames.quote("[" + key + "]") + ").");
	}

	private static int endOfKey(String rest) {
		for (int i = 0; i < rest.length(); i++) {
			if (rest.charAt(i) == '.' || rest.charAt(i) == '[') {
				return i;
			}
		}
		return rest.length();
	}

}
