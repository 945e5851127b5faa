package io.github.idgen.autoconfigure.endpoint;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.runway.IdGeneratorRunwayAutoConfiguration;
import io.github.idgen.autoconfigure.runway.SequenceRunways;
import io.github.idgen.autoconfigure.SequenceRouting;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the {@code idgen} actuator endpoint,
 * {@link IdGeneratorEndpoint}. Its write operation is governed by Spring Boot's endpoint
 * access: {@code management.endpoint.idgen.access}, read-only unless set to
 * {@code unrestricted}; so are the counts of obfuscated sequences.
 */
@AutoConfiguration(after = { IdGeneratorAutoConfiguration.class, IdGeneratorRunwayAutoConfiguration.class })
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean({ DefaultIdGenerator.class, SequenceRouting.class })
@ConditionalOnAvailableEndpoint(IdGeneratorEndpoint.class)
public final class IdGeneratorEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdGeneratorEndpoint idgenEndpoint(DefaultIdGenerator generator, SequenceRouting routing,
			IdGeneratorProperties properties, ObjectProvider<IdDecoder> decoders, SequenceRunways runways,
			BeanFactory beanFactory) {
		return new IdGeneratorEndpoint(generator, routing, properties, decoders.orderedStream().toList(), runways,
				ObfuscatedCounts.hidden(properties, beanFactory));
	}

}
