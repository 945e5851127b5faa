package io.github.idgen.autoconfigure.diagnostics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link KnownProperties}.
 */
class KnownPropertiesTests {

	private static final Path METADATA = Path.of("target", "classes", "META-INF", "spring-configuration-metadata.json");

	private final KnownProperties known = KnownProperties.ofIdgen(getClass().getClassLoader());

	@Test
	void everyPropertyOfTheMetadataIsKnown() throws IOException {
		List<Map<String, Object>> properties = JsonPath.read(Files.readString(METADATA), "$.properties[*]");
		assertThat(properties).hasSizeGreaterThan(30);
		for (Map<String, Object> property : properties) {
			String name = (String) property.get("name");
			if (name.startsWith("idgen.") && !((String) property.get("type")).startsWith("java.util.Map<")) {
				assertThat(this.known.closest(ConfigurationPropertyName.of(name))).as(name).contains(name);
			}
		}
	}

	@Test
	void propertiesOfEveryMapEntryAreKnown() {
		for (String property : List.of("start", "max-value", "cycle", "format", "reset", "backend", "mode", "step",
				"min-step", "max-step", "segment-duration", "prefetch-at", "fetch-timeout")) {
			String name = "idgen.sequences.any-name." + property;
			assertThat(this.known.closest(ConfigurationPropertyName.of(name))).as(name).contains(name);
		}
	}

	@Test
	void closestPropertyKeepsTheMapKeyAsWritten() {
		assertThat(this.known.closest(ConfigurationPropertyName.of("idgen.sequences[order.v2].strat")))
			.contains("idgen.sequences[order.v2].start");
	}

	@Test
	void nothingIsSuggestedForANameFarFromEveryProperty() {
		assertThat(this.known.closest(ConfigurationPropertyName.of("idgen.mode"))).isEmpty();
		assertThat(this.known.closest(ConfigurationPropertyName.of("idgen.segment.size"))).isEmpty();
	}

}
