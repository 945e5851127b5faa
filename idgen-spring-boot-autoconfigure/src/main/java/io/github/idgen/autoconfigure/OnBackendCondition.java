package io.github.idgen.autoconfigure;

import java.util.Map;
import java.util.Set;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnBackend}. It looks for store beans, so it is
 * evaluated when beans are registered, after the store auto-configurations.
 */
class OnBackendCondition extends SpringBootCondition implements ConfigurationCondition {

	@Override
	public ConfigurationPhase getConfigurationPhase() {
		return ConfigurationPhase.REGISTER_BEAN;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnBackend.class.getName());
		Backend backend = (Backend) attributes.get("value");
		Set<Backend> used = BackendSelection.of(context).used();
		String name = backend.propertyName();
		return used.contains(backend) ? ConditionOutcome.match("idgen backend '" + name + "' is in use")
				: ConditionOutcome.noMatch("idgen backend '" + name + "' is not in use");
	}

}
