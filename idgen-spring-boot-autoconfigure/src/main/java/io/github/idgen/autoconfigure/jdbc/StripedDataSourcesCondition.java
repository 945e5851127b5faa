package io.github.idgen.autoconfigure.jdbc;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code idgen.jdbc.data-sources} lists at least one DataSource, in any of
 * the forms Spring Boot binds a list from (indexed, comma-separated).
 */
final class StripedDataSourcesCondition extends SpringBootCondition {

	static final String PROPERTY = "idgen.jdbc.data-sources";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		List<String> names = Binder.get(context.getEnvironment())
			.bind(PROPERTY, Bindable.listOf(String.class))
			.orElse(List.of());
		return names.isEmpty() ? ConditionOutcome.noMatch(PROPERTY + " is not set")
				: ConditionOutcome.match(PROPERTY + " lists " + names);
	}

	/**
	 * Matches when {@code idgen.jdbc.data-sources} lists no DataSource: the JDBC backend
	 * uses one.
	 */
	static final class NotStriped extends NoneNestedConditions {

		NotStriped() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@Conditional(StripedDataSourcesCondition.class)
		static class Striped {

		}

	}

}
