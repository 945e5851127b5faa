package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.util.ClassUtils;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;

/**
 * Decides which backends serve which sequences: {@code idgen.backend}, or when that is
 * not set the single store the context has, serves every sequence whose
 * {@code idgen.sequences.<name>.backend} is not set.
 */
final class BackendSelection {

	private static final String REDIS_CONNECTION_FACTORY = "org.springframework.data.redis.connection.RedisConnectionFactory";

	private static final String MONGO_TEMPLATE = "org.springframework.data.mongodb.core.MongoTemplate";

	private static final Map<Backend, List<String>> REQUIRED_CLASSES = Map.of(Backend.JDBC,
			List.of("javax.sql.DataSource", "org.springframework.boot.jdbc.EmbeddedDatabaseConnection"), Backend.REDIS,
			List.of(REDIS_CONNECTION_FACTORY), Backend.MONGO, List.of(MONGO_TEMPLATE));

	private static final Map<Backend, String> STORE_TYPES = Map.of(Backend.JDBC, "javax.sql.DataSource",
			Backend.REDIS, REDIS_CONNECTION_FACTORY, Backend.MONGO, MONGO_TEMPLATE);

	private static final Map<Backend, String> STARTERS = Map.of(Backend.JDBC,
			"spring-boot-starter-jdbc and a JDBC driver (or a DataSource bean)", Backend.REDIS,
			"spring-boot-starter-data-redis (or a RedisConnectionFactory bean)", Backend.MONGO,
			"spring-boot-starter-data-mongodb (or a MongoTemplate bean)", Backend.SNOWFLAKE,
			"nothing but idgen.backend=snowflake");

	private final IdGeneratorProperties properties;

	private final ListableBeanFactory beanFactory;

	private final ClassLoader classLoader;

	BackendSelection(IdGeneratorProperties properties, ListableBeanFactory beanFactory, ClassLoader classLoader) {
		this.properties = properties;
		this.beanFactory = beanFactory;
		this.classLoader = classLoader;
	}

	/**
	 * Return the backends that serve at least one sequence, leaving out the default one
	 * if it cannot be decided.
	 */
	Set<Backend> used() {
		Set<Backend> used = EnumSet.noneOf(Backend.class);
		this.properties.getSequences().values().stream()
			.map(IdGeneratorProperties.SequenceProperties::getBackend)
			.filter((backend) -> backend != null)
			.forEach(used::add);
		Backend configured = this.properties.getBackend();
		if (configured != null) {
			used.add(configured);
		}
		else {
			List<Backend> present = present();
			if (present.size() == 1) {
				used.add(present.get(0));
			}
		}
		return used;
	}

	/**
	 * Return the backend of every sequence without a backend of its own.
	 * @throws InvalidConfigurationPropertyValueException naming {@code idgen.backend}
	 * if it is not set and the context has no store or several
	 */
	Backend defaultBackend() {
		Backend configured = this.properties.getBackend();
		if (configured != null) {
			return configured;
		}
		List<Backend> present = present();
		if (present.size() == 1) {
			return present.get(0);
		}
		if (present.isEmpty()) {
			throw new InvalidConfigurationPropertyValueException("idgen.backend", null,
					"No backend is set and the application context has no store to reserve IDs from. Add "
							+ String.join(", or ", STORE_TYPES.keySet().stream().sorted().map(STARTERS::get).toList())
							+ ", or set idgen.backend=snowflake, or set idgen.enabled=false to turn idgen off.");
		}
		throw new InvalidConfigurationPropertyValueException("idgen.backend", null,
				"No backend is set and the application context has several stores to reserve IDs from ("
						+ names(present) + "). Set idgen.backend to the one idgen should use.");
	}

	/**
	 * Return why the given backend cannot serve sequences, for a startup failure.
	 */
	static String unavailable(Backend backend) {
		return "The '" + name(backend) + "' backend needs " + STARTERS.get(backend) + " and the application "
				+ "context has none. Add it, or set idgen.enabled=false to turn idgen off.";
	}

	static String name(Backend backend) {
		return backend.name().toLowerCase();
	}

	/**
	 * Return the backends whose store the application context has, in declaration
	 * order.
	 */
	List<Backend> present() {
		List<Backend> present = new ArrayList<>();
		for (Backend backend : Backend.values()) {
			if (!STORE_TYPES.containsKey(backend)) {
				continue;
			}
			boolean classesPresent = REQUIRED_CLASSES.get(backend).stream()
				.allMatch((name) -> ClassUtils.isPresent(name, this.classLoader));
			if (classesPresent && hasBean(STORE_TYPES.get(backend))) {
				present.add(backend);
			}
		}
		return present;
	}

	private boolean hasBean(String typeName) {
		Class<?> type = ClassUtils.resolveClassName(typeName, this.classLoader);
		return this.beanFactory.getBeanNamesForType(type, true, false).length > 0;
	}

	private static String names(List<Backend> backends) {
		return String.join(", ", backends.stream().map(BackendSelection::name).toList());
	}

}
