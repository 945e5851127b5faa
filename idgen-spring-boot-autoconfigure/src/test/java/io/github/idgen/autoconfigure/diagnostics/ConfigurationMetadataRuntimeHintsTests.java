package io.github.idgen.autoconfigure.diagnostics;

import java.beans.PropertyDescriptor;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.BeanUtils;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.core.ResolvableType;

import io.github.idgen.autoconfigure.AotProcessing;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.jackson.IdGeneratorJacksonAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ConfigurationMetadataRuntimeHints}, and that Spring Boot registers the
 * properties classes that the metadata names, which {@link KnownProperties} reads.
 */
class ConfigurationMetadataRuntimeHintsTests {

	private final ClassLoader classLoader = getClass().getClassLoader();

	@Test
	void registersTheMetadataThatNamesThePropertiesClasses() {
		RuntimeHints hints = new RuntimeHints();
		new ConfigurationMetadataRuntimeHints().registerHints(hints, this.classLoader);
		assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/spring-configuration-metadata.json"))
			.accepts(hints);
		assertThat(PropertiesClasses.read(this.classLoader)).containsEntry("idgen", IdGeneratorProperties.class)
			.containsKeys("idgen.jdbc", "idgen.redis", "idgen.mongo", "idgen.snowflake");
	}

	@Test
	void isRegisteredForEveryAheadOfTimeProcessing() {
		assertThat(AotServices.factories(this.classLoader).load(RuntimeHintsRegistrar.class).asList())
			.hasAtLeastOneElementOfType(ConfigurationMetadataRuntimeHints.class);
	}

	@Test
	void springBootRegistersThePropertiesClassesTheMetadataNames() {
		RuntimeHints hints = AotProcessing.hints(IdgenAutoConfigurations.of(IdGeneratorJacksonAutoConfiguration.class));
		Set<Class<?>> checked = new HashSet<>();
		for (Class<?> properties : PropertiesClasses.read(this.classLoader).values()) {
			assertIntrospectable(hints, properties, checked);
		}
		assertThat(checked).hasSizeGreaterThan(5);
	}

	/**
	 * Assert that a properties class and its nested groups can be found by name and read
	 * as {@link KnownProperties} reads them.
	 */
	private void assertIntrospectable(RuntimeHints hints, Class<?> type, Set<Class<?>> checked) {
		if (!checked.add(type)) {
			return;
		}
		assertThat(RuntimeHintsPredicates.reflection().onType(type)).as(type.getName()).accepts(hints);
		for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(type)) {
			Method read = descriptor.getReadMethod();
			if (read == null || descriptor.getName().equals("class")) {
				continue;
			}
			assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(read)).as(read.toString()).accepts(hints);
			ResolvableType propertyType = ResolvableType.forMethodReturnType(read);
			Class<?> resolved = propertyType.resolve(Object.class);
			Class<?> group = Map.class.isAssignableFrom(resolved)
					? propertyType.asMap().getGeneric(1).resolve(Object.class) : resolved;
			if (!group.isEnum() && group.getName().startsWith("io.github.idgen.")) {
				assertIntrospectable(hints, group, checked);
			}
		}
	}

}
