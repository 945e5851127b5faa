package io.github.idgen.autoconfigure;

import java.time.Clock;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerator;
import io.github.idgen.SequenceBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.RedisFloorSource;
import io.github.idgen.autoconfigure.IdGeneratorProperties.RedisMode;
import io.github.idgen.autoconfigure.IdGeneratorProperties.SequenceProperties;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the idgen {@link IdGenerator}.
 * <p>
 * {@code idgen.backend} chooses the backend, or when it is not set the single store the
 * application context has; {@code idgen.sequences.<name>.backend} overrides it per
 * sequence. Every bean backs off when the user defines their own.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
		"org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
		"org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration" })
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(IdGeneratorProperties.class)
@Import({ JdbcBackendConfiguration.class, RedisBackendConfiguration.class, MongoBackendConfiguration.class,
		SnowflakeBackendConfiguration.class })
public final class IdGeneratorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean({ IdGenerator.class, SequenceRouting.class })
	SequenceRouting idgenSequenceRouting(IdGeneratorProperties properties, List<IdGeneratorBackend> backends,
			ListableBeanFactory beanFactory, ObjectProvider<BackendObservers> observers) {
		Map<Backend, SequenceBackend> available = new EnumMap<>(Backend.class);
		backends.forEach((backend) -> available.put(backend.backend(), backend.sequences()));
		Backend defaultBackend = new BackendSelection(properties, beanFactory, getClass().getClassLoader())
			.defaultBackend();
		require(available, defaultBackend, "idgen.backend");
		Map<String, Backend> bySequence = new HashMap<>();
		properties.getSequences().forEach((name, sequence) -> {
			if (sequence.getBackend() != null) {
				require(available, sequence.getBackend(), "idgen.sequences." + name + ".backend");
				bySequence.put(name, sequence.getBackend());
			}
			checkBackendServes(properties, name, sequence,
					(sequence.getBackend() != null) ? sequence.getBackend() : defaultBackend);
		});
		return new SequenceRouting(available, defaultBackend, bySequence,
				observers.getIfAvailable(() -> BackendObservers.NONE));
	}

	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	DefaultIdGenerator idGenerator(IdGeneratorProperties properties, SequenceRouting routing) {
		SegmentSettingsMapper settings = new SegmentSettingsMapper(properties);
		ZoneId zone = (properties.getZone() != null) ? properties.getZone() : ZoneId.systemDefault();
		return new DefaultIdGenerator(routing, properties.getSequences().keySet(), settings.defaultSequence(),
				properties.getUnknownSequences(), settings.formats(), Clock.systemUTC(), zone);
	}

	private static void checkBackendServes(IdGeneratorProperties properties, String name, SequenceProperties sequence,
			Backend backend) {
		boolean bounded = sequence.getMaxValue() != null || sequence.isCycle();
		if (bounded && backend == Backend.REDIS) {
			checkRedisServesBounds(properties, name, sequence);
		}
		if (bounded && backend == Backend.SNOWFLAKE) {
			throw new InvalidConfigurationPropertyValueException("idgen.sequences." + name + ".max-value",
					sequence.getMaxValue(), "Snowflake IDs are composed from time, worker and sequence bits and "
							+ "cannot be bounded or cycle; serve '" + name + "' from another backend");
		}
		if (sequence.getMode() != null && backend != Backend.REDIS) {
			throw new InvalidConfigurationPropertyValueException("idgen.sequences." + name + ".mode",
					sequence.getMode(), "A mode applies only to sequences served by the 'redis' backend, and '"
							+ name + "' is served by '" + BackendSelection.name(backend) + "'");
		}
	}

	private static void checkRedisServesBounds(IdGeneratorProperties properties, String name,
			SequenceProperties sequence) {
		RedisMode mode = (sequence.getMode() != null) ? sequence.getMode() : properties.getRedis().getMode();
		String reason = null;
		if (mode != RedisMode.SEGMENT) {
			reason = "The 'redis' backend serves bounded or cyclic sequences only in 'segment' mode, and '" + name
					+ "' is in '" + mode.name().toLowerCase(Locale.ROOT) + "' mode; set idgen.sequences." + name
					+ ".mode=segment or serve it from another backend (idgen.sequences." + name + ".backend)";
		}
		else if (properties.getRedis().getFloorSource() != RedisFloorSource.NONE) {
			reason = "The 'redis' backend does not serve bounded or cyclic sequences with a floor "
					+ "(idgen.redis.floor-source), which only grows and cannot follow a counter that wraps; serve '"
					+ name + "' from another backend (idgen.sequences." + name + ".backend)";
		}
		if (reason != null) {
			throw new InvalidConfigurationPropertyValueException("idgen.sequences." + name + ".max-value",
					sequence.getMaxValue(), reason);
		}
	}

	private static void require(Map<Backend, SequenceBackend> available, Backend backend, String property) {
		if (!available.containsKey(backend)) {
			throw new InvalidConfigurationPropertyValueException(property, BackendSelection.name(backend),
					BackendSelection.unavailable(backend));
		}
	}

}
