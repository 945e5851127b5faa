package io.github.idgen.autoconfigure.endpoint;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.IdGeneratorProperties.RedisMode;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.redis.time.RedisTimeLayout;
import io.github.idgen.redis.time.RedisTimeSettings;
import io.github.idgen.snowflake.BitLayout;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the {@code idgen} actuator endpoint: the read-only
 * {@link IdGeneratorEndpoint}, or the {@link WritableIdGeneratorEndpoint} when
 * {@code idgen.endpoint.write-enabled=true}.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean({ DefaultIdGenerator.class, SequenceRouting.class })
@ConditionalOnAvailableEndpoint(IdGeneratorEndpoint.class)
public final class IdGeneratorEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(IdGeneratorEndpoint.class)
	@ConditionalOnBooleanProperty("idgen.endpoint.write-enabled")
	WritableIdGeneratorEndpoint idgenWritableEndpoint(DefaultIdGenerator generator, SequenceRouting routing,
			IdGeneratorProperties properties, ObjectProvider<BitLayout> snowflakeLayout,
			ObjectProvider<RedisTimeSettings> redisTimeSettings) {
		return new WritableIdGeneratorEndpoint(generator, routing, properties, snowflakeLayout.getIfAvailable(),
				redisTimeLayout(properties, redisTimeSettings));
	}

	@Bean
	@ConditionalOnMissingBean
	IdGeneratorEndpoint idgenEndpoint(DefaultIdGenerator generator, SequenceRouting routing,
			IdGeneratorProperties properties, ObjectProvider<BitLayout> snowflakeLayout,
			ObjectProvider<RedisTimeSettings> redisTimeSettings) {
		return new IdGeneratorEndpoint(generator, routing, properties, snowflakeLayout.getIfAvailable(),
				redisTimeLayout(properties, redisTimeSettings));
	}

	/**
	 * Return the layout of Redis time-mode IDs if a sequence is in time mode.
	 */
	private static RedisTimeLayout redisTimeLayout(IdGeneratorProperties properties,
			ObjectProvider<RedisTimeSettings> redisTimeSettings) {
		boolean timeMode = properties.getRedis().getMode() == RedisMode.TIME || properties.getSequences()
			.values()
			.stream()
			.anyMatch((sequence) -> sequence.getMode() == RedisMode.TIME);
		RedisTimeSettings settings = timeMode ? redisTimeSettings.getIfAvailable() : null;
		return (settings != null) ? settings.layout() : null;
	}

}
