package io.github.idgen.autoconfigure;

import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.beans.BeanUtils;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the configuration reference of the README and the configuration metadata that the
 * annotation processor generates from {@link IdGeneratorProperties} in step: every
 * property the README documents exists, every property exists in the README, and a
 * default the metadata knows is the default the README shows (an enum constant such as
 * {@code read_only} in the kebab case that properties take, {@code read-only}). A map of
 * nested properties such as {@code idgen.sequences} is documented as one row per nested
 * property, {@code idgen.sequences.<name>.step}.
 */
class ConfigurationReferenceTests {

	private static final Path README = Path.of("..", "README.md");

	private static final Path METADATA = Path.of("target", "classes", "META-INF", "spring-configuration-metadata.json");

	private static final String SECTION = "## Configuration reference";

	private static final Pattern CODE = Pattern.compile("`([^`]+)`");

	private static final Pattern MAP_OF_PROPERTIES = Pattern.compile("java\\.util\\.Map<java\\.lang\\.String,(.+)>");

	@Test
	void readmeDocumentsExactlyTheConfigurationProperties() throws IOException {
		Map<String, Object> properties = metadataProperties();
		Map<String, String> documented = documentedProperties();
		assertThat(missing(documented.keySet(), properties.keySet())).as("properties in the README that do not exist")
			.isEmpty();
		assertThat(missing(properties.keySet(), documented.keySet())).as("properties missing from the README")
			.isEmpty();
	}

	@Test
	void readmeShowsTheDefaultsOfTheMetadata() throws IOException {
		Map<String, Object> properties = metadataProperties();
		Map<String, String> documented = documentedProperties();
		properties.forEach((name, defaultValue) -> {
			if (defaultValue != null) {
				String value = defaultValue.toString();
				assertThat(documented.get(name)).as("README default of %s", name)
					.isIn(value, value.toLowerCase(Locale.ROOT).equals(value) ? value.replace('_', '-') : value);
			}
		});
	}

	private static Set<String> missing(Set<String> names, Set<String> from) {
		Set<String> missing = new TreeSet<>(names);
		missing.removeAll(from);
		return missing;
	}

	/**
	 * Return the name and default (or {@code null}) of every property in the metadata,
	 * with maps of nested properties expanded to {@code <map>.<name>.<property>}.
	 */
	private static Map<String, Object> metadataProperties() throws IOException {
		List<Map<String, Object>> entries = JsonPath.read(Files.readString(METADATA), "$.properties[*]");
		Map<String, Object> properties = new TreeMap<>();
		for (Map<String, Object> entry : entries) {
			String name = (String) entry.get("name");
			Matcher map = MAP_OF_PROPERTIES.matcher((String) entry.get("type"));
			if (map.matches() && map.group(1).startsWith("io.github.idgen.")) {
				Class<?> nested = ClassUtils.resolveClassName(map.group(1), null);
				for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(nested)) {
					if (descriptor.getWriteMethod() != null) {
						properties.put(name + ".<name>." + kebabCase(descriptor.getName()), null);
					}
				}
			}
			else {
				properties.put(name, entry.get("defaultValue"));
			}
		}
		return properties;
	}

	private static String kebabCase(String camelCase) {
		return camelCase.replaceAll("([A-Z])", "-$1").toLowerCase();
	}

	/**
	 * Return every property of the README's configuration reference with the default it
	 * shows (the text of its code span, or {@code null}). A row documents one property,
	 * {@code `idgen.redis.time.epoch`}, or several that differ in their last part,
	 * {@code `idgen.redis.time.timestamp-bits`, `.shard-bits`} with the defaults in the
	 * same order.
	 */
	private static Map<String, String> documentedProperties() throws IOException {
		String readme = Files.readString(README);
		int start = readme.indexOf("\n" + SECTION + "\n");
		assertThat(start).as("README section '%s'", SECTION).isNotNegative();
		int end = readme.indexOf("\n## ", start + SECTION.length());
		Map<String, String> documented = new LinkedHashMap<>();
		for (String line : readme.substring(start, (end >= 0) ? end : readme.length()).split("\n")) {
			String[] cells = line.split("(?<!\\\\)\\|");
			if (cells.length < 4 || !isPropertyName(cells[1].trim())) {
				continue;
			}
			List<String> names = names(codeSpans(cells[1]));
			List<String> defaults = codeSpans(cells[2]);
			for (int i = 0; i < names.size(); i++) {
				String name = names.get(i);
				assertThat(documented).as("README rows").doesNotContainKey(name);
				documented.put(name, (defaults.size() == names.size()) ? defaults.get(i) : null);
			}
		}
		return documented;
	}

	private static boolean isPropertyName(String cell) {
		return cell.startsWith("`idgen.") || cell.startsWith("`management.endpoint.idgen.");
	}

	private static List<String> names(List<String> spans) {
		List<String> names = new ArrayList<>();
		String first = spans.get(0);
		names.add(first);
		for (String suffix : spans.subList(1, spans.size())) {
			assertThat(suffix).as("a further property of the row of %s", first).startsWith(".");
			names.add(first.substring(0, first.lastIndexOf('.')) + suffix);
		}
		return names;
	}

	private static List<String> codeSpans(String cell) {
		List<String> spans = new ArrayList<>();
		Matcher code = CODE.matcher(cell);
		while (code.find()) {
			spans.add(code.group(1));
		}
		return spans;
	}

}
