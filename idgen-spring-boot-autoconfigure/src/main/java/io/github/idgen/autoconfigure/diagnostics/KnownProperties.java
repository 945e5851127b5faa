package io.github.idgen.autoconfigure.diagnostics;

import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.core.ResolvableType;

/**
 * The property names that idgen's {@code @ConfigurationProperties} classes bind, read
 * from the classes themselves, and the one closest to a name they do not know.
 * <p>
 * Nested groups (idgen classes that are not enums) are followed; a map of such a group,
 * such as {@code idgen.sequences}, stands for any key:
 * {@code idgen.sequences.order.strat} is compared with
 * {@code idgen.sequences.order.start}. Names are compared in their kebab-case form by the
 * number of characters inserted, deleted, replaced or swapped with a neighbour, and a
 * name is close if that number is at most a third of the length of the unknown name's
 * last part (at least 1, at most 3).
 */
final class KnownProperties {

	private static final String ANY_KEY = "*";

	private static final String IDGEN_PACKAGE = "io.github.idgen.";

	private final List<List<String>> names = new ArrayList<>();

	private KnownProperties() {
	}

	/**
	 * Read the property names of every idgen properties class that the configuration
	 * metadata on the class path lists: the common {@code idgen} properties and each
	 * backend's group, {@code idgen.<backend>}.
	 * @param classLoader the class loader of the metadata and the classes
	 * @return the names
	 */
	static KnownProperties ofIdgen(ClassLoader classLoader) {
		KnownProperties known = new KnownProperties();
		for (Map.Entry<String, Class<?>> group : PropertiesClasses.read(classLoader).entrySet()) {
			known.add(ConfigurationPropertyName.of(group.getKey()), group.getValue());
		}
		return known;
	}

	private void add(ConfigurationPropertyName root, Class<?> type) {
		List<String> prefix = new ArrayList<>();
		for (int i = 0; i < root.getNumberOfElements(); i++) {
			prefix.add(root.getElement(i, Form.DASHED));
		}
		collect(prefix, type);
	}

	private void collect(List<String> prefix, Class<?> type) {
		for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(type)) {
			if (descriptor.getReadMethod() == null || descriptor.getName().equals("class")) {
				continue;
			}
			List<String> name = append(prefix, kebabCase(descriptor.getName()));
			ResolvableType propertyType = ResolvableType.forMethodReturnType(descriptor.getReadMethod());
			Class<?> resolved = propertyType.resolve(Object.class);
			Class<?> mapValue = propertyType.asMap().getGeneric(1).resolve(Object.class);
			if (Map.class.isAssignableFrom(resolved) && isGroup(mapValue)) {
				collect(append(name, ANY_KEY), mapValue);
			}
			else if (isGroup(resolved)) {
				collect(name, resolved);
			}
			else if (descriptor.getWriteMethod() != null) {
				this.names.add(name);
			}
		}
	}

	/**
	 * Return the known property closest to the given unknown one, if one is close.
	 * @param unknown the name of a property the class does not bind
	 * @return the name of the closest property, with the keys of maps as in the unknown
	 * name
	 */
	Optional<String> closest(ConfigurationPropertyName unknown) {
		String unknownName = join(elements(unknown, Form.DASHED));
		int allowed = Math.max(1, Math.min(3, unknown.getLastElement(Form.DASHED).length() / 3));
		return this.names.stream()
			.map((name) -> new Candidate(suggestion(name, unknown),
					distance(unknownName, join(fillKeys(name, elements(unknown, Form.DASHED))))))
			.filter((candidate) -> candidate.distance() <= allowed)
			.min(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
			.map(Candidate::name);
	}

	/**
	 * Return the given name as it is suggested for the unknown one: with the keys of maps
	 * as the unknown name writes them, in brackets if they hold a dot.
	 */
	private static String suggestion(List<String> name, ConfigurationPropertyName unknown) {
		List<String> keys = new ArrayList<>();
		for (String element : elements(unknown, Form.ORIGINAL)) {
			keys.add(element.contains(".") ? "[" + element + "]" : element);
		}
		StringBuilder suggestion = new StringBuilder();
		for (String element : fillKeys(name, keys)) {
			if (!suggestion.isEmpty() && !element.startsWith("[")) {
				suggestion.append('.');
			}
			suggestion.append(element);
		}
		return suggestion.toString();
	}

	/**
	 * Return the given name with each map key taken from the element at the same place of
	 * the unknown name, where it has one.
	 */
	private static List<String> fillKeys(List<String> name, List<String> unknown) {
		List<String> filled = new ArrayList<>(name);
		for (int i = 0; i < filled.size() && i < unknown.size(); i++) {
			if (filled.get(i).equals(ANY_KEY)) {
				filled.set(i, unknown.get(i));
			}
		}
		return filled;
	}

	/**
	 * Return the optimal string alignment distance of two strings: the number of
	 * characters inserted, deleted, replaced or swapped with a neighbour.
	 */
	private static int distance(String from, String to) {
		int[][] distances = new int[from.length() + 1][to.length() + 1];
		for (int i = 0; i <= from.length(); i++) {
			for (int j = 0; j <= to.length(); j++) {
				if (i == 0 || j == 0) {
					distances[i][j] = i + j;
					continue;
				}
				int replace = (from.charAt(i - 1) == to.charAt(j - 1)) ? 0 : 1;
				int distance = Math.min(Math.min(distances[i - 1][j] + 1, distances[i][j - 1] + 1),
						distances[i - 1][j - 1] + replace);
				if (i > 1 && j > 1 && from.charAt(i - 1) == to.charAt(j - 2)
						&& from.charAt(i - 2) == to.charAt(j - 1)) {
					distance = Math.min(distance, distances[i - 2][j - 2] + 1);
				}
				distances[i][j] = distance;
			}
		}
		return distances[from.length()][to.length()];
	}

	private static boolean isGroup(Class<?> type) {
		return !type.isEnum() && type.getName().startsWith(IDGEN_PACKAGE);
	}

	private static List<String> elements(ConfigurationPropertyName name, Form form) {
		List<String> elements = new ArrayList<>();
		for (int i = 0; i < name.getNumberOfElements(); i++) {
			elements.add(name.getElement(i, form));
		}
		return elements;
	}

	private static List<String> append(List<String> name, String element) {
		List<String> appended = new ArrayList<>(name);
		appended.add(element);
		return appended;
	}

	private static String join(List<String> elements) {
		return String.join(".", elements);
	}

	private static String kebabCase(String camelCase) {
		StringBuilder kebabCase = new StringBuilder();
		for (char character : camelCase.toCharArray()) {
			if (Character.isUpperCase(character)) {
				kebabCase.append('-').append(Character.toLowerCase(character));
			}
			else {
				kebabCase.append(character);
			}
		}
		return kebabCase.toString();
	}

	/**
	 * A known property and its distance from an unknown one.
	 */
	private record Candidate(String name, int distance) {

	}

}
