package io.github.idgen.autoconfigure;

import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import io.github.idgen.IdGenerator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the idgen auto-configurations, processed ahead of time, contribute the hints
 * of every backend, whatever store the application has, and that these cover every
 * resource of idgen-core.
 */
class AheadOfTimeProcessingTests {

	private static final String[] WITHOUT_STORE = { "idgen.backend=snowflake", "idgen.snowflake.worker-id=1" };

	@Test
	void everyBackendsHintsComeWithTheAutoConfigurationsWithoutAnyStore() {
		RuntimeHints hints = AotProcessing.hints(IdgenAutoConfigurations.of(), WITHOUT_STORE);
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/idgen/jdbc/worker-schema-h2.sql"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/idgen/redis/worker-acquire.lua"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onType(TypeReference.of("javax.sql.DataSource"))).accepts(hints);
	}

	@Test
	void noHintsOfABackendWhenIdgenIsOff() {
		RuntimeHints hints = AotProcessing.hints(IdgenAutoConfigurations.of(), "idgen.enabled=false");
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/idgen/jdbc/schema-h2.sql")).rejects(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("io/github/idgen/redis/reserve.lua")).rejects(hints);
	}

	@Test
	void everyResourceOfIdgenCoreIsRegistered() throws IOException {
		List<String> resources = resourcesOfIdgenCore();
		assertThat(resources).contains("io/github/idgen/jdbc/schema-postgresql.sql",
				"io/github/idgen/redis/time/reserve.lua");
		RuntimeHints hints = AotProcessing.hints(IdgenAutoConfigurations.of(), WITHOUT_STORE);
		assertThat(resources)
			.allSatisfy((resource) -> assertThat(RuntimeHintsPredicates.resource().forResource(resource)).as(resource)
				.accepts(hints));
	}

	/**
	 * Return the path of every file in idgen-core's jar (or classes directory) that is
	 * neither a class nor under {@code META-INF}, which holds the jar's manifest and
	 * Maven descriptors.
	 */
	private static List<String> resourcesOfIdgenCore() throws IOException {
		URL location = IdGenerator.class.getProtectionDomain().getCodeSource().getLocation();
		String root = location.toString().endsWith(".jar") ? "jar:" + location + "!/" : location.toString();
		List<String> paths = new ArrayList<>();
		for (Resource resource : new PathMatchingResourcePatternResolver().getResources(root + "**/*")) {
			String url = resource.getURL().toString();
			String path = url.substring(root.length());
			if (resource.isReadable() && !path.isEmpty() && !path.endsWith("/") && !path.endsWith(".class")
					&& !path.startsWith("META-INF/")) {
				paths.add(path);
			}
		}
		return paths;
	}

}
