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
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerator;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.RedisFloorSource;
import io.github.idgen.autoconfigure.IdGeneratorProperties.RedisMode;
import io.github.idgen.autoconfigure.IdGeneratorProperties.SequenceProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the idgen {@link IdGenerator}.
 * <p>
 * {@code idgen.backend} chooses the backend, or when it is not set the single store the
 * application context has; {@code idgen.sequences.<name>.backend} overrides it per
 * sequence. Every bean backs off when the user defines their own. With
 * {@code idgen.fail-fast} every backend in use must answer at startup.
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
		SequenceRouting routing = new SequenceRouting(available, defaultBackend, bySequence,
				observers.getIfAvailable(() -> BackendObservers.NONE));
		checkBackendsServeNames(properties, routing);
		return routing;
	}

	private static void checkBackendsServeNames(IdGeneratorProperties properties, SequenceRouting routing) {
		checkBackendServesName(routing, "idgen.default-sequence", properties.getDefaultSequence());
		properties.getSequences().keySet().forEach((name) -> checkBackendServesName(routing, "idgen.sequences", name));
	}

	private static void checkBackendServesName(SequenceRouting routing, String property, String name) {
		SegmentSettingsMapper.validName(property, name);
		try {
			routing.validateName(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException(property, name,
					property + " names " + SequenceNames.quote(name) + ", which the '"
							+ BackendSelection.name(routing.backendOf(name)) + "' backend cannot serve: "
							+ ex.getMessage(),
					"Rename the sequence in " + property + ", or serve it from another backend.");
		}
	}

	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	DefaultIdGenerator idGenerator(IdGeneratorProperties properties, SequenceRouting routing,
			List<IdGeneratorBackend> backends) {
		SegmentSettingsMapper settings = new SegmentSettingsMapper(properties);
		ZoneId zone = (properties.getZone() != null) ? properties.getZone() : ZoneId.systemDefault();
		DefaultIdGenerator generator = new DefaultIdGenerator(routing, properties.getSequences().keySet(),
				settings.defaultSequence(), properties.getUnknownSequences(), settings.formats(), Clock.systemUTC(),
				zone, maxUnknownSequences(properties));
		if (properties.isFailFast()) {
			FailFastCheck.requireAvailable(backends);
		}
		return generator;
	}

	private static int maxUnknownSequences(IdGeneratorProperties properties) {
		int max = properties.getMaxUnknownSequences();
		if (max < 0) {
			throw new IdGeneratorConfigurationException("idgen.max-unknown-sequences", max,
					"idgen.max-unknown-sequences is " + max + ", but it must not be negative.",
					"Set idgen.max-unknown-sequences to 0 (no sequence is created on first use) or more, such as "
							+ DefaultIdGenerator.DEFAULT_MAX_UNKNOWN_SEQUENCES + ".");
		}
		return max;
	}

	private static void checkBackendServes(IdGeneratorProperties properties, String name, SequenceProperties sequence,
			Backend backend) {
		boolean bounded = sequence.getMaxValue() != null || sequence.isCycle();
		if (bounded && backend == Backend.REDIS) {
			checkRedisServesBounds(properties, name, sequence);
		}
		if (bounded && backend == Backend.SNOWFLAKE) {
			String property = "idgen.sequences." + name + ".max-value";
			throw new IdGeneratorConfigurationException(property, sequence.getMaxValue(),
					"Sequence '" + name + "' is bounded (" + property + "=" + sequence.getMaxValue() + ", cycle="
							+ sequence.isCycle() + ") and served by 'snowflake', whose IDs are composed from time, "
							+ "worker and sequence bits and cannot be bounded or cycle.",
					"Serve '" + name + "' from another backend (idgen.sequences." + name + ".backend), or remove "
							+ property + " and idgen.sequences." + name + ".cycle.");
		}
		if (sequence.getMode() != null && backend != Backend.REDIS) {
			String property = "idgen.sequences." + name + ".mode";
			throw new IdGeneratorConfigurationException(property, sequence.getMode(),
					property + " is '" + lowerCase(sequence.getMode()) + "', but a mode applies only to sequences "
							+ "served by the 'redis' backend, and '" + name + "' is served by '"
							+ BackendSelection.name(backend) + "'.",
					"Remove " + property + ", or set idgen.sequences." + name + ".backend=redis.");
		}
	}

	private static void checkRedisServesBounds(IdGeneratorProperties properties, String name,
			SequenceProperties sequence) {
		RedisMode mode = (sequence.getMode() != null) ? sequence.getMode() : properties.getRedis().getMode();
		String property = "idgen.sequences." + name + ".max-value";
		String bounded = "Sequence '" + name + "' is bounded (" + property + "=" + sequence.getMaxValue() + ", cycle="
				+ sequence.isCycle() + ")";
		if (mode != RedisMode.SEGMENT) {
			throw new IdGeneratorConfigurationException(property, sequence.getMaxValue(), bounded
					+ ", and the 'redis' backend serves bounded or cyclic sequences only in 'segment' mode, and '"
					+ name + "' is in '" + lowerCase(mode) + "' mode.",
					"Set idgen.sequences." + name + ".mode=segment, or serve it from another backend (idgen.sequences."
							+ name + ".backend), or remove " + property + " and idgen.sequences." + name + ".cycle.");
		}
		if (properties.getRedis().getFloorSource() != RedisFloorSource.NONE) {
			throw new IdGeneratorConfigurationException(property, sequence.getMaxValue(), bounded
					+ ", and the 'redis' backend does not serve bounded or cyclic sequences with a floor "
					+ "(idgen.redis.floor-source), which only grows and cannot follow a counter that wraps.",
					"Serve '" + name + "' from another backend (idgen.sequences." + name
							+ ".backend), or set idgen.redis.floor-source=none, or remove " + property + " and "
							+ "idgen.sequences." + name + ".cycle.");
		}
	}

	private static String lowerCase(Enum<?> value) {
		return value.name().toLowerCase(Locale.ROOT);
	}

	private static void require(Map<Backend, SequenceBackend> available, Backend backend, String property) {
		if (!available.containsKey(backend)) {
			throw BackendSelection.unavailable(property, backend);
		}
	}

}
