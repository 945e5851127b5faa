package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * A task for {@link IsolatedClassPath}: start an application with auto-configuration and
 * the given properties, draw five IDs from "order" and from "invoice" (by name, from a
 * handle, a batch of three), and report the backend and the IDs of each, the idgen beans,
 * the Redis connection factory and the health of idgen; or, if idgen stops the start, its
 * failure. It refers to no optional library, so that it loads on every class path.
 */
public class IsolatedApplication implements Function<Map<String, String>, Map<String, String>> {

	@Override
	public Map<String, String> apply(Map<String, String> properties) {
		Map<String, Object> defaults = new LinkedHashMap<>(properties);
		defaults.put("spring.main.banner-mode", "off");
		Map<String, String> report = new LinkedHashMap<>();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(AutoConfigured.class)
			.web(WebApplicationType.NONE)
			.properties(defaults)
			.run()) {
			IdGenerator ids = context.getBean(IdGenerator.class);
			SequenceRouting routing = context.getBean(SequenceRouting.class);
			for (String sequence : List.of("order", "invoice")) {
				long first = ids.nextId(sequence);
				long second = ids.sequence(sequence).next();
				long[] batch = ids.nextIds(sequence, 3);
				long[] drawn = { first, second, batch[0], batch[1], batch[2] };
				report.put(sequence + ".backend", routing.backendOf(sequence).name().toLowerCase(Locale.ROOT));
				report.put(sequence + ".ids", Arrays.toString(drawn));
			}
			List<String> beans = Arrays.stream(context.getBeanDefinitionNames())
				.filter((name) -> name.startsWith("idgen"))
				.toList();
			report.put("beans", String.join(",", new TreeSet<>(beans)));
			report.put("connectionFactory", context.containsBean("redisConnectionFactory")
					? context.getBean("redisConnectionFactory").getClass().getSimpleName() : "none");
			if (context.containsBean("idgenHealthIndicator")) {
				report.put("health", health(context.getBean("idgenHealthIndicator")));
			}
		}
		catch (RuntimeException ex) {
			IdGeneratorConfigurationException failure = configurationFailure(ex);
			report.put("failure.property", failure.getName());
			report.put("failure.description", failure.getDescription());
			report.put("failure.action", failure.getAction());
		}
		return report;
	}

	private static String health(Object indicator) {
		try {
			Object health = indicator.getClass().getMethod("health").invoke(indicator);
			return health.getClass().getMethod("getStatus").invoke(health).toString();
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static IdGeneratorConfigurationException configurationFailure(RuntimeException ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof IdGeneratorConfigurationException failure) {
				return failure;
			}
		}
		throw ex;
	}

	/**
	 * An application with auto-configuration and nothing else.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	public static class AutoConfigured {

	}

}
