package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * The check that every sequence name written as a key of {@code idgen.sequences} binds to
 * that sequence alone. Spring Boot treats a map key without brackets loosely: it drops
 * every character other than letters, digits, {@code -} and {@code _}, so that the
 * settings of {@code idgen.sequences.orders/eu.start} would go to a sequence named
 * {@code orderseu}; and it matches such keys without regard to case, {@code -} and
 * {@code _}, so that {@code order} and {@code ORDER}, or {@code a_b} and {@code ab},
 * would each get the other's settings. Such keys must be written in brackets:
 * {@code idgen.sequences.[orders/eu].start}.
 * <p>
 * Environment variables are not checked: their names cannot hold such keys.
 */
final class SequenceKeys {

	private static final ConfigurationPropertyName SEQUENCES = ConfigurationPropertyName.of("idgen.sequences");

	private SequenceKeys() {
	}

	/**
	 * Check the keys of {@code idgen.sequences}, in any relaxed spelling of that prefix,
	 * in every property source of an environment that lists its property names.
	 * @param environment the environment
	 * @throws IdGeneratorConfigurationException naming the first property whose sequence
	 * name would not be bound as written, or the two properties whose names would be
	 * bound together
	 */
	static void check(ConfigurableEnvironment environment) {
		Map<String, WrittenKey> byUniformName = new HashMap<>();
		for (PropertySource<?> source : environment.getPropertySources()) {
			if (source instanceof EnumerablePropertySource<?> enumerable
					&& !(source instanceof SystemEnvironmentPropertySource)) {
				for (String property : enumerable.getPropertyNames()) {
					WrittenKey key = WrittenKey.of(property, source.getName());
					if (key != null && !key.bracketed()) {
						checkBoundAsWritten(key);
						checkBoundAlone(key, byUniformName);
					}
				}
			}
		}
	}

	private static void checkBoundAsWritten(WrittenKey key) {
		ConfigurationPropertyName bound = ConfigurationPropertyName.adapt(key.name(), '.');
		if (bound.getNumberOfElements() == 1 && bound.getElement(0, Form.ORIGINAL).equals(key.name())) {
			return;
		}
		String boundAs = (bound.getNumberOfElements() == 0) ? "no sequence at all"
				: "the sequence " + SequenceNames.quote(bound.toString());
		throw new IdGeneratorConfigurationException(key.property(), null,
				"Property " + SequenceNames.quote(key.property()) + " (from " + key.source() + ") names the sequence "
						+ SequenceNames.quote(key.name()) + ", but Spring Boot binds it to " + boundAs
						+ ", since it drops every character other than letters, digits, '-' and '_' from a map key "
						+ "without brackets",
				"Write the sequence name of " + key.property() + " in brackets: "
						+ SequenceNames.quote(key.bracketedProperty()) + " (in YAML, the key "
						+ SequenceNames.quote("[" + key.name() + "]") + ").");
	}

	private static void checkBoundAlone(WrittenKey key, Map<String, WrittenKey> byUniformName) {
		String uniform = ConfigurationPropertyName.adapt(key.name(), '.').getElement(0, Form.UNIFORM);
		WrittenKey other = byUniformName.putIfAbsent(uniform, key);
		if (other == null || other.name().equals(key.name())) {
			return;
		}
		throw new IdGeneratorConfigurationException(key.property(), null,
				"Properties " + SequenceNames.quote(other.property()) + " (from " + other.source() + ") and "
						+ SequenceNames.quote(key.property()) + " (from " + key.source() + ") name the sequences "
						+ SequenceNames.quote(other.name()) + " and " + SequenceNames.quote(key.name())
						+ ", which Spring Boot binds together, since it matches map keys without brackets without "
						+ "regard to case, '-' and '_': each would get the other's settings",
				"Spell the name of one sequence alike in " + other.property() + " and " + key.property()
						+ ", or write both names in brackets if they are two sequences: "
						+ SequenceNames.quote(other.bracketedProperty()) + " and "
						+ SequenceNames.quote(key.bracketedProperty()) + ".");
	}

	/**
	 * The key of {@code idgen.sequences} a property is written with.
	 *
	 * @param property the property, as written
	 * @param source the name of its property source
	 * @param name the key, without brackets
	 * @param bracketed whether the key is written in brackets
	 * @param start where the key starts in the property
	 * @param end where the key ends in the property
	 */
	private record WrittenKey(String property, String source, String name, boolean bracketed, int start, int end) {

		/**
		 * Return the key of {@code idgen.sequences} that a property is written with, or
		 * {@code null} if it is not under {@code idgen.sequences}.
		 */
		static WrittenKey of(String property, String source) {
			List<int[]> elements = elements(property);
			if (elements.size() < 3) {
				return null;
			}
			ConfigurationPropertyName prefix = ConfigurationPropertyName
				.adapt(property.substring(0, elements.get(1)[1]), '.');
			if (!SEQUENCES.equals(prefix) || property.charAt(elements.get(1)[0]) == '[') {
				return null;
			}
			int[] key = elements.get(2);
			boolean bracketed = property.charAt(key[0]) == '[';
			String name = bracketed ? property.substring(key[0] + 1, Math.max(key[0] + 1, key[1] - 1))
					: property.substring(key[0], key[1]);
			return new WrittenKey(property, source, name, bracketed, key[0], key[1]);
		}

		/**
		 * Split a property into its elements, each {@code {start, end}}: runs between
		 * dots, and runs in brackets, brackets included.
		 */
		private static List<int[]> elements(String property) {
			List<int[]> elements = new ArrayList<>();
			int index = 0;
			while (index < property.length()) {
				char character = property.charAt(index);
				if (character == '.') {
					index++;
					continue;
				}
				int end = index;
				if (character == '[') {
					int closing = property.indexOf(']', index);
					end = (closing < 0) ? property.length() : closing + 1;
				}
				else {
					while (end < property.length() && property.charAt(end) != '.' && property.charAt(end) != '[') {
						end++;
					}
				}
				elements.add(new int[] { index, end });
				index = end;
			}
			return elements;
		}

		/**
		 * Return the property with its key in brackets.
		 */
		String bracketedProperty() {
			String before = this.property.substring(0, this.start);
			return (before.endsWith(".") ? before : before + ".") + "[" + this.name + "]"
					+ this.property.substring(this.end);
		}

	}

}
