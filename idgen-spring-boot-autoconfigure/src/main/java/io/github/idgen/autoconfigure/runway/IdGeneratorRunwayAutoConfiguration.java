package io.github.idgen.autoconfigure.runway;

import java.time.Clock;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorProperties;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the {@link SequenceRunways} that the actuator endpoint, the
 * health and the metrics show, on the idgen clock.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnBean(DefaultIdGenerator.class)
public final class IdGeneratorRunwayAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SequenceRunways idgenSequenceRunways(DefaultIdGenerator generator, IdGeneratorProperties properties,
			@Qualifier(IdGeneratorAutoConfiguration.CLOCK) Clock clock) {
		return new SequenceRunways(generator, properties, clock);
	}

}
