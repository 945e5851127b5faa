package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;

/**
 * The backends that can reserve IDs, each described once: the store it reserves from and
 * what else it can do. The rest of what a backend is lives in its package,
 * {@code io.github.idgen.autoconfigure.<name>}: its auto-configuration, its properties
 * ({@code idgen.<name>}) and the checks of its settings.
 */
public enum Backend {

	/**
	 * Segments reserved from a table of a JDBC DataSource.
	 */
	JDBC(new Store("javax.sql.DataSource", List.of("org.springframework.boot.jdbc.EmbeddedDatabaseConnection"),
			"spring-boot-starter-jdbc and a JDBC driver (or a DataSource bean)"), "the database", "spring.datasource.*",
			EnumSet.of(Capability.LEASES_WORKER_IDS, Capability.KEEPS_COUNTER_FLOORS)),

	/**
	 * Counters in Redis, through the application's RedisConnectionFactory.
	 */
	REDIS(new Store("org.springframework.data.redis.connection.RedisConnectionFactory", List.of(),
			"spring-boot-starter-data-redis (or a RedisConnectionFactory bean)"), "Redis", "spring.data.redis.*",
			EnumSet.of(Capability.LEASES_WORKER_IDS, Capability.HAS_MODES)),

	/**
	 * Counter documents in MongoDB, through the application's MongoTemplate.
	 */
	MONGO(new Store("org.springframework.data.mongodb.core.MongoTemplate", List.of(),
			"spring-boot-starter-data-mongodb (or a MongoTemplate bean)"), "MongoDB", "spring.mongodb.*",
			EnumSet.of(Capability.LEASES_WORKER_IDS)),

	/**
	 * Time, worker and sequence bits composed in memory; no store. Only chosen
	 * explicitly.
	 */
	SNOWFLAKE(null, "the store the snowflake worker ID is leased from",
			"spring.datasource.*, spring.data.redis.* or spring.mongodb.*, and idgen.snowflake.worker-id-source",
			EnumSet.of(Capability.COMPOSES_IDS_FROM_CLOCK)),

	/**
	 * Segments reserved from idgen ID servers over HTTP; no store of its own. Only chosen
	 * explicitly.
	 */
	REMOTE(null, "the ID servers", "idgen.remote.servers and idgen.remote.token", EnumSet.noneOf(Capability.class));

	private final Store store;

	private final String description;

	private final String connectionProperties;

	private final Set<Capability> capabilities;

	Backend(Store store, String description, String connectionProperties, Set<Capability> capabilities) {
		this.store = store;
		this.description = description;
		this.connectionProperties = connectionProperties;
		this.capabilities = capabilities;
	}

	/**
	 * Return the name of the backend as properties write it, such as {@code jdbc}.
	 * @return the name
	 */
	public String propertyName() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * Return the group of the backend's own properties, such as {@code idgen.jdbc}.
	 * @return the group's name
	 */
	public ConfigurationPropertyName propertiesGroup() {
		return ConfigurationPropertyName.of("idgen." + propertyName());
	}

	/**
	 * Return the store the backend reserves from, or {@code null} if it has none.
	 * @return the store
	 */
	public Store store() {
		return this.store;
	}

	/**
	 * Return what the backend depends on, as messages call it, such as {@code the
	 * database}.
	 * @return the description
	 */
	public String description() {
		return this.description;
	}

	/**
	 * Return the properties that connect the backend to what it depends on, such as
	 * {@code spring.datasource.*}.
	 * @return the properties
	 */
	public String connectionProperties() {
		return this.connectionProperties;
	}

	/**
	 * Return whether the backend's store can keep worker ID leases.
	 * @return whether worker IDs can be leased from it
	 */
	public boolean leasesWorkerIds() {
		return this.capabilities.contains(Capability.LEASES_WORKER_IDS);
	}

	/**
	 * Return whether the backend serves a sequence in one of several modes
	 * ({@code idgen.sequences.<name>.mode}).
	 * @return whether it has modes
	 */
	public boolean hasModes() {
		return this.capabilities.contains(Capability.HAS_MODES);
	}

	/**
	 * Return whether the backend composes its IDs from the instance's clock, so that a
	 * clock that moves backwards concerns it.
	 * @return whether its IDs hold the time of the clock
	 */
	public boolean composesIdsFromClock() {
		return this.capabilities.contains(Capability.COMPOSES_IDS_FROM_CLOCK);
	}

	/**
	 * Return whether the backend's store can keep the durable floor of another backend's
	 * counters, which that backend names in {@code idgen.<name>.floor-source}.
	 * @return whether it keeps counter floors
	 */
	public boolean keepsCounterFloors() {
		return this.capabilities.contains(Capability.KEEPS_COUNTER_FLOORS);
	}

	/**
	 * Return the backends that reserve from a store, in declaration order.
	 * @return the backends with a store
	 */
	public static List<Backend> withStore() {
		return Arrays.stream(values()).filter((backend) -> backend.store != null).toList();
	}

	/**
	 * Return the backends that need no store, in declaration order.
	 * @return the backends without a store
	 */
	public static List<Backend> withoutStore() {
		return Arrays.stream(values()).filter((backend) -> backend.store == null).toList();
	}

	/**
	 * Return the backend of a name as properties write it.
	 * @param name the name, in any case
	 * @return the backend, or {@code null} if no backend has that name
	 */
	public static Backend ofPropertyName(String name) {
		return Arrays.stream(values())
			.filter((backend) -> backend.propertyName().equalsIgnoreCase(name))
			.findFirst()
			.orElse(null);
	}

	/**
	 * Return the given backends' names, separated by commas.
	 * @param backends the backends
	 * @return their names
	 */
	public static String names(List<Backend> backends) {
		return String.join(", ", backends.stream().map(Backend::propertyName).toList());
	}

	/**
	 * Return the backends whose store keeps the durable floor of another backend's
	 * counters, in declaration order.
	 * @return the backends that keep counter floors
	 */
	public static List<Backend> keepingCounterFloors() {
		return Arrays.stream(values()).filter(Backend::keepsCounterFloors).toList();
	}

	/**
	 * What a backend can do besides reserving IDs.
	 */
	private enum Capability {

		/**
		 * Its store can keep worker ID leases.
		 */
		LEASES_WORKER_IDS,

		/**
		 * It serves a sequence in one of several modes.
		 */
		HAS_MODES,

		/**
		 * It composes its IDs from the instance's clock.
		 */
		COMPOSES_IDS_FROM_CLOCK,

		/**
		 * Its store can keep the durable floor of another backend's counters.
		 */
		KEEPS_COUNTER_FLOORS

	}

	/**
	 * What a backend with a store needs: a bean of its type, further classes, and the
	 * starter that brings them.
	 *
	 * @param beanType the class name of the store's bean
	 * @param requiredClasses further classes the backend needs
	 * @param starter what the application adds to have the store
	 */
	public record Store(String beanType, List<String> requiredClasses, String starter) {

	}

}
