package io.github.idgen.autoconfigure.redis;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

import io.github.idgen.SequenceMode;
import io.github.idgen.autoconfigure.SequenceProperties;

/**
 * Matches when a sequence is in Redis time mode: {@code idgen.redis.mode=time}, or
 * {@code idgen.sequences.<name>.mode=time} for some sequence.
 */
class OnTimeModeCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Binder binder = Binder.get(context.getEnvironment());
		boolean timeMode = binder.bind("idgen.redis.mode", SequenceMode.class)
			.orElse(SequenceMode.SEGMENT) == SequenceMode.TIME
				|| binder.bind("idgen.sequences", Bindable.mapOf(String.class, SequenceProperties.class))
					.map((sequences) -> sequences.values()
						.stream()
						.anyMatch((sequence) -> sequence.getMode() == SequenceMode.TIME))
					.orElse(false);
		return timeMode ? ConditionOutcome.match("a sequence is in Redis time mode")
				: ConditionOutcome.noMatch("no sequence is in Redis time mode");
	}

}
