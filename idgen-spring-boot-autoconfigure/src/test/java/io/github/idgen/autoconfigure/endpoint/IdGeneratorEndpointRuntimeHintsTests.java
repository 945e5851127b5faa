package io.github.idgen.autoconfigure.endpoint;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;

import io.github.idgen.autoconfigure.AotProcessing;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shows that the {@code idgen} endpoint needs no hints of its own: Spring Boot registers
 * the operations of every endpoint bean for invocation (and their return types for
 * binding, which here are maps of strings, numbers and booleans).
 */
class IdGeneratorEndpointRuntimeHintsTests {

	@Test
	void springBootRegistersEveryOperation() {
		RuntimeHints hints = AotProcessing.hints(
				IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
						IdGeneratorEndpointAutoConfiguration.class),
				"idgen.backend=jdbc", "spring.datasource.url=jdbc:h2:mem:endpoint-hints",
				"management.endpoints.web.exposure.include=idgen");
		List<Method> operations = Arrays.stream(IdGeneratorEndpoint.class.getDeclaredMethods())
			.filter((method) -> method.isAnnotationPresent(ReadOperation.class)
					|| method.isAnnotationPresent(WriteOperation.class))
			.toList();
		assertThat(operations).hasSize(5)
			.allSatisfy((operation) -> assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(operation))
				.as(operation.getName())
				.accepts(hints));
	}

}
