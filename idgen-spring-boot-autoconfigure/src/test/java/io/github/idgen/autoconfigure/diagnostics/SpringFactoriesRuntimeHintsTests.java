package io.github.idgen.autoconfigure.diagnostics;

import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.core.io.UrlResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.util.StringUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shows that idgen needs no hints of its own for {@code META-INF/spring.factories}:
 * Spring Framework's {@code SpringFactoriesLoaderRuntimeHints}, which every ahead-of-time
 * processing applies, registers the file and the constructors of every class it names.
 */
class SpringFactoriesRuntimeHintsTests {

	private final ClassLoader classLoader = getClass().getClassLoader();

	@Test
	void springFrameworkRegistersEveryClassOfIdgensSpringFactories() throws IOException {
		List<String> classes = classesOfIdgensSpringFactories();
		assertThat(classes).contains(IdGeneratorFailureAnalyzer.class.getName(),
				UnknownPropertyFailureAnalyzer.class.getName());
		RuntimeHints hints = new RuntimeHints();
		AotServices.factories(this.classLoader)
			.load(RuntimeHintsRegistrar.class)
			.forEach((registrar) -> registrar.registerHints(hints, this.classLoader));
		assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/spring.factories")).accepts(hints);
		assertThat(classes).allSatisfy((name) -> assertThat(RuntimeHintsPredicates.reflection()
			.onType(TypeReference.of(name))
			.withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS)).as(name).accepts(hints));
	}

	private List<String> classesOfIdgensSpringFactories() throws IOException {
		String location = IdGeneratorFailureAnalyzer.class.getProtectionDomain()
			.getCodeSource()
			.getLocation()
			.toString();
		List<String> classes = new ArrayList<>();
		for (URL url : Collections.list(this.classLoader.getResources("META-INF/spring.factories"))) {
			if (url.toString().contains(location)) {
				Properties factories = PropertiesLoaderUtils.loadProperties(new UrlResource(url));
				factories.values()
					.forEach(
							(names) -> classes.addAll(List.of(StringUtils.tokenizeToStringArray((String) names, ","))));
			}
		}
		return classes;
	}

}
