package io.github.idgen.autoconfigure.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.beans.factory.ObjectProvider;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.ConditionalOnCounterFloor;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.redis.CounterFloor;

/**
 * The durable floor of the Redis counters that {@code idgen.redis.floor-source} asks for:
 * none, or the floor that the backend it names contributes
 * ({@link ConditionalOnCounterFloor}).
 */
final class RedisFloor {

	private static final String PROPERTY = "idgen.redis." + ConditionalOnCounterFloor.FLOOR_SOURCE;

	private RedisFloor() {
	}

	/**
	 * Return the floor the properties ask for.
	 * @param redis the properties
	 * @param floors the floor that the backend named in them contributed, if any
	 * @return the floor, or {@code null} if they ask for none
	 * @throws IdGeneratorConfigurationException if they ask for a floor and there is none
	 */
	static CounterFloor of(RedisProperties redis, ObjectProvider<CounterFloor> floors) {
		if (!redis.hasFloor()) {
			return null;
		}
		CounterFloor floor = floors.getIfAvailable();
		if (floor == null) {
			Backend keeper = Backend.ofPropertyName(redis.getFloorSource());
			throw new IdGeneratorConfigurationException(PROPERTY, redis.getFloorSource(),
					PROPERTY + " is '" + redis.getFloorSource() + "', and a floor in " + keeper.description()
							+ " needs " + keeper.store().starter() + ", and there is none.",
					"Add it, or set " + PROPERTY + "=" + ConditionalOnCounterFloor.NONE + ".");
		}
		return floor;
	}

	/**
	 * Return a floor source as written in a property, trimmed and in lower case.
	 * @throws IllegalArgumentException naming every source if it is none of them
	 */
	static String validSource(String source) {
		String normalized = (source != null) ? source.trim().toLowerCase(Locale.ROOT) : "";
		List<String> sources = new ArrayList<>(List.of(ConditionalOnCounterFloor.NONE));
		Backend.keepingCounterFloors().forEach((backend) -> sources.add(backend.propertyName()));
		if (!sources.contains(normalized)) {
			throw new IllegalArgumentException(
					"'" + source + "' is not a source of counter floors; use one of " + String.join(", ", sources));
		}
		return normalized;
	}

}
