package io.github.idgen.autoconfigure.health;

import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.endpoint.ObfuscatedCounts;
import io.github.idgen.autoconfigure.runway.IdGeneratorRunwayAutoConfiguration;
import io.github.idgen.autoconfigure.runway.SequenceRunways;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for {@link IdGeneratorHealthIndicator}, reported as {@code idgen}.
 */
@AutoConfiguration(after = { IdGeneratorAutoConfiguration.class, IdGeneratorRunwayAutoConfiguration.class })
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(DefaultIdGenerator.class)
@ConditionalOnEnabledHealthIndicator("idgen")
public final class IdGeneratorHealthContributorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "idgenHealthIndicator")
	IdGeneratorHealthIndicator idgenHealthIndicator(DefaultIdGenerator idGenerator, List<IdGeneratorBackend> backends,
			SequenceRunways runways, IdGeneratorProperties properties, Environment environment,
			BeanFactory beanFactory) {
		RunwayStatuses.check(properties.getRunway(), environment);
		return new IdGeneratorHealthIndicator(idGenerator, backends, runways, properties.getRunway(),
				ObfuscatedCounts.hidden(properties, beanFactory));
	}

}
