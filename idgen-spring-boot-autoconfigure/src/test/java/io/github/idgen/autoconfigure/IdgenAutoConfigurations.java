package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.autoconfigure.AutoConfigurations;

import io.github.idgen.autoconfigure.entity.IdGeneratorEntitiesAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcBackendAutoConfiguration;
import io.github.idgen.autoconfigure.mongo.MongoBackendAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisBackendAutoConfiguration;
import io.github.idgen.autoconfigure.remote.RemoteBackendAutoConfiguration;
import io.github.idgen.autoconfigure.runway.IdGeneratorRunwayAutoConfiguration;
import io.github.idgen.autoconfigure.snowflake.SnowflakeBackendAutoConfiguration;

/**
 * The auto-configurations of the idgen core and its backends, as an application has them,
 * with further ones a test adds.
 */
public final class IdgenAutoConfigurations {

	private static final List<Class<?>> IDGEN = List.of(IdGeneratorAutoConfiguration.class,
			JdbcBackendAutoConfiguration.class, RedisBackendAutoConfiguration.class,
			MongoBackendAutoConfiguration.class, SnowflakeBackendAutoConfiguration.class,
			RemoteBackendAutoConfiguration.class, IdGeneratorEntitiesAutoConfiguration.class,
			IdGeneratorRunwayAutoConfiguration.class);

	private IdgenAutoConfigurations() {
	}

	/**
	 * Return the idgen auto-configurations and the given ones.
	 * @param others further auto-configurations, such as a store's
	 * @return all of them
	 */
	public static AutoConfigurations of(Class<?>... others) {
		List<Class<?>> classes = new ArrayList<>(IDGEN);
		classes.addAll(List.of(others));
		return AutoConfigurations.of(classes.toArray(Class<?>[]::new));
	}

}
