package io.github.idgen.autoconfigure.diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Reports {@code idgen} properties that idgen does not know, such as a misspelled
 * {@code idgen.segment.stpe}, which its properties reject instead of ignoring: each by
 * name and origin, with the property meant where a known one is close ("Did you mean
 * idgen.segment.step?"). Values are not shown. It is ordered before Spring Boot's own
 * analyzer of unbound properties, and leaves the properties of other libraries to it.
 */
public class UnknownPropertyFailureAnalyzer extends AbstractFailureAnalyzer<UnboundConfigurationPropertiesException>
		implements Ordered {

	private static final String PACKAGE = "io.github.idgen.";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnboundConfigurationPropertiesException cause) {
		BindException binding = findCause(rootFailure, BindException.class);
		Class<?> target = (binding != null) ? binding.getTarget().getType().resolve() : null;
		if (target == null || !target.getName().startsWith(PACKAGE)) {
			return null;
		}
		KnownProperties known = KnownProperties.ofIdgen(target.getClassLoader());
		List<String> descriptions = new ArrayList<>();
		List<String> actions = new ArrayList<>();
		cause.getUnboundProperties()
			.stream()
			.sorted(Comparator.comparing(ConfigurationProperty::getName))
			.forEach((property) -> {
				String name = property.getName().toString();
				Optional<String> meant = known.closest(property.getName());
				String origin = (property.getOrigin() != null) ? " (from " + property.getOrigin() + ")" : "";
				descriptions.add(name + origin + meant.map((closest) -> ". Did you mean " + closest + "?").orElse(""));
				actions.add(meant.map((closest) -> "Rename " + name + " to " + closest + ".")
					.orElse("Remove " + name + ", or correct it to one of the idgen properties in the configuration "
							+ "reference of the idgen README."));
			});
		String description = (descriptions.size() == 1)
				? "idgen does not know the property " + sentence(descriptions.get(0))
				: "idgen does not know these properties:\n    " + String.join("\n    ", descriptions);
		return new FailureAnalysis(description, String.join("\n", actions), cause);
	}

	private static String sentence(String text) {
		return text.endsWith("?") ? text : text + ".";
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
