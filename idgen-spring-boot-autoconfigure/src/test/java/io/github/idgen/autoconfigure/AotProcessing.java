package io.github.idgen.autoconfigure;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.boot.context.annotation.Configurations;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.javapoet.ClassName;

/**
 * Processes an application context ahead of time, as {@code spring-boot:process-aot} does
 * for an application, and returns the runtime hints its processing contributed: those of
 * the {@code RuntimeHintsRegistrar}s its beans import and of
 * {@code META-INF/spring/aot.factories}, and those that Spring Framework and Spring Boot
 * derive from its beans (configuration properties bound, {@code @Reflective} members, JPA
 * entities). Its singletons are not created, apart from those a processor reads (such as
 * the JPA managed types).
 */
public final class AotProcessing {

	private AotProcessing() {
	}

	/**
	 * Process a context of the given configurations, sorted as auto-configurations are,
	 * with the given properties.
	 * @param configurations the configurations, such as
	 * {@link IdgenAutoConfigurations#of}
	 * @param properties the properties, as {@code name=value}
	 * @return the runtime hints of the context
	 */
	public static RuntimeHints hints(Configurations configurations, String... properties) {
		try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
			TestPropertyValues.of(properties).applyTo(context);
			context.register(Configurations.getClasses(configurations));
			DefaultGenerationContext generation = new DefaultGenerationContext(
					new ClassNameGenerator(ClassName.get(AotProcessing.class)), new InMemoryGeneratedFiles());
			new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
			return generation.getRuntimeHints();
		}
	}

}
