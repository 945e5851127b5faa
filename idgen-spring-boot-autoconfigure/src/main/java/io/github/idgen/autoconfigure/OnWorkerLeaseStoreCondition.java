package io.github.idgen.autoconfigure;

import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.type.AnnotatedTypeMetadata;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;

/**
 * The condition of {@link ConditionalOnWorkerLeaseStore}. It looks for store beans, so it
 * is evaluated when beans are registered, after the store auto-configurations.
 */
class OnWorkerLeaseStoreCondition extends SpringBootCondition implements ConfigurationCondition {

	@Override
	public ConfigurationPhase getConfigurationPhase() {
		return ConfigurationPhase.REGISTER_BEAN;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnWorkerLeaseStore.class.getName());
		Backend store = (Backend) attributes.get("value");
		BackendSelection selection = BackendSelection.of(context);
		boolean leased = selection.used().contains(Backend.SNOWFLAKE)
				&& WorkerIdSelection.leaseStore(selection.properties().getSnowflake(), selection.present()) == store;
		String name = BackendSelection.name(store);
		return leased ? ConditionOutcome.match("snowflake worker ids are leased from " + name)
				: ConditionOutcome.noMatch("snowflake worker ids are not leased from " + name);
	}

}
