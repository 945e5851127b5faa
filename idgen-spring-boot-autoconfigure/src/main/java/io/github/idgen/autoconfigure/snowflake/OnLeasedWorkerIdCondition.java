package io.github.idgen.autoconfigure.snowflake;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.type.AnnotatedTypeMetadata;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendSelection;

/**
 * Matches when the snowflake backend leases its worker ID from a store, as
 * {@link WorkerIdSelection} decides. It looks for store beans, so it is evaluated when
 * beans are registered, after the store auto-configurations.
 */
class OnLeasedWorkerIdCondition extends SpringBootCondition implements ConfigurationCondition {

	@Override
	public ConfigurationPhase getConfigurationPhase() {
		return ConfigurationPhase.REGISTER_BEAN;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		BackendSelection selection = BackendSelection.of(context);
		SnowflakeProperties snowflake = Binder.get(context.getEnvironment())
			.bind("idgen.snowflake", SnowflakeProperties.class)
			.orElseGet(SnowflakeProperties::new);
		Backend store = WorkerIdSelection.leaseStore(snowflake, selection.present());
		return (store != null) ? ConditionOutcome.match("snowflake worker IDs are leased from " + store.propertyName())
				: ConditionOutcome.noMatch("snowflake worker IDs are not leased");
	}

}
