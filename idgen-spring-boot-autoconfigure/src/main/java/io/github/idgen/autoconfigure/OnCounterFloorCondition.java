package io.github.idgen.autoconfigure;

import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnCounterFloor}. Like {@link OnBackendCondition} it
 * looks for store beans, so it is evaluated when beans are registered.
 */
class OnCounterFloorCondition extends SpringBootCondition implements ConfigurationCondition {

	@Override
	public ConfigurationPhase getConfigurationPhase() {
		return ConfigurationPhase.REGISTER_BEAN;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnCounterFloor.class.getName());
		Backend keeper = (Backend) attributes.get("value");
		Binder binder = Binder.get(context.getEnvironment());
		for (Backend backend : BackendSelection.of(context).used()) {
			String property = backend.propertiesGroup().append(ConditionalOnCounterFloor.FLOOR_SOURCE).toString();
			String source = binder.bind(property, String.class).orElse(ConditionalOnCounterFloor.NONE);
			if (keeper == Backend.ofPropertyName(source.trim())) {
				return ConditionOutcome.match(property + " keeps the counters of backend '" + backend.propertyName()
						+ "' in the store of '" + keeper.propertyName() + "'");
			}
		}
		return ConditionOutcome.noMatch(
				"no idgen backend in use keeps its counter floors in the store of '" + keeper.propertyName() + "'");
	}

}
