package io.github.idgen.autoconfigure.health;

import java.util.List;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Checks at startup that the health statuses of {@code idgen.runway} are statuses the
 * health endpoint aggregates: Spring Boot's aggregator ignores a status that its order
 * ({@code management.endpoint.health.status.order}) does not hold, so a misspelled one
 * would leave the health {@code UP} while a sequence runs out.
 */
final class RunwayStatuses {

	private static final String ORDER = "management.endpoint.health.status.order";

	private static final List<String> DEFAULT_ORDER = List.of("DOWN", "OUT_OF_SERVICE", "UP", "UNKNOWN");

	private RunwayStatuses() {
	}

	/**
	 * Check {@code idgen.runway.exhausted-status} and, if set,
	 * {@code idgen.runway.warn-status}.
	 * @param runway the runway settings
	 * @param environment the environment that holds the status order
	 * @throws IdGeneratorConfigurationException if a status is blank or not in the order
	 */
	static void check(IdGeneratorProperties.Runway runway, Environment environment) {
		List<String> order = Binder.get(environment).bind(ORDER, Bindable.listOf(String.class)).orElse(DEFAULT_ORDER);
		check("idgen.runway.exhausted-status", runway.getExhaustedStatus(), order);
		if (runway.getWarnStatus() != null) {
			check("idgen.runway.warn-status", runway.getWarnStatus(), order);
		}
	}

	private static void check(String property, String status, List<String> order) {
		String uniform = uniform(status);
		if (!uniform.isEmpty() && order.stream().map(RunwayStatuses::uniform).anyMatch(uniform::equals)) {
			return;
		}
		throw new IdGeneratorConfigurationException(property, status,
				property + " is '" + status + "', which the health status order (" + ORDER + ") " + order
						+ " does not hold, so the health would ignore it and stay UP while a sequence runs out.",
				"Set " + property + " to one of " + order + ", or add '" + status + "' to " + ORDER + ".");
	}

	/**
	 * Return a status code as Spring Boot's status aggregator compares it: its letters
	 * and digits, in lower case.
	 */
	private static String uniform(String code) {
		StringBuilder uniform = new StringBuilder();
		if (code != null) {
			for (char character : code.toCharArray()) {
				if (Character.isLetterOrDigit(character)) {
					uniform.append(Character.toLowerCase(character));
				}
			}
		}
		return uniform.toString();
	}

}
