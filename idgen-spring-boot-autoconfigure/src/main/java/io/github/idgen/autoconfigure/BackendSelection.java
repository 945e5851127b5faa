package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Decides which backends serve which sequences: {@code idgen.backend}, or when that is
 * not set the single store the context has, serves every sequence whose
 * {@code idgen.sequences.<name>.backend} is not set.
 */
final class BackendSelection {

	private static final Map<Backend, Store> STORES = Map.of(Backend.JDBC,
			new Store("javax.sql.DataSource", List.of("org.springframework.boot.jdbc.EmbeddedDatabaseConnection"),
					"spring-boot-starter-jdbc and a JDBC driver (or a DataSource bean)"),
			Backend.REDIS,
			new Store("org.springframework.data.redis.connection.RedisConnectionFactory", List.of(),
					"spring-boot-starter-data-redis (or a RedisConnectionFactory bean)"),
			Backend.MONGO, new Store("org.springframework.data.mongodb.core.MongoTemplate", List.of(),
					"spring-boot-starter-data-mongodb (or a MongoTemplate bean)"));

	private final IdGeneratorProperties properties;

	private final ListableBeanFactory beanFactory;

	private final ClassLoader classLoader;

	BackendSelection(IdGeneratorProperties properties, ListableBeanFactory beanFactory, ClassLoader classLoader) {
		this.properties = properties;
		this.beanFactory = beanFactory;
		this.classLoader = classLoader;
	}

	/**
	 * Create the selection a condition sees: the {@code idgen} properties bound from its
	 * environment, once {@link SequenceKeys} found every sequence name bound as written,
	 * and its bean factory.
	 */
	static BackendSelection of(ConditionContext context) {
		if (context.getEnvironment() instanceof ConfigurableEnvironment environment) {
			SequenceKeys.check(environment);
		}
		IdGeneratorProperties properties = Binder.get(context.getEnvironment())
			.bind("idgen", IdGeneratorProperties.class)
			.orElseGet(IdGeneratorProperties::new);
		return new BackendSelection(properties, context.getBeanFactory(), context.getClassLoader());
	}

	/**
	 * Return the bound properties the selection decides from.
	 */
	IdGeneratorProperties properties() {
		return this.properties;
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
		decidedDefault(present()).ifPresent(used::add);
		return used;
	}

	/**
	 * Return the backend of every sequence without a backend of its own.
	 * @throws IdGeneratorConfigurationException naming {@code idgen.backend} if it is not
	 * set and the context has no store or several
	 */
	Backend defaultBackend() {
		List<Backend> present = present();
		Optional<Backend> decided = decidedDefault(present);
		if (decided.isPresent()) {
			return decided.get();
		}
		if (present.isEmpty()) {
			throw new IdGeneratorConfigurationException("idgen.backend", null,
					"idgen.backend is not set and the application context has no store to reserve IDs from.",
					"Add " + String.join(", or ", storeBackends().map((backend) -> STORES.get(backend).starter())
						.toList()) + ", or set idgen.backend=snowflake, or set idgen.enabled=false to turn idgen off.");
		}
		throw new IdGeneratorConfigurationException("idgen.backend", null,
				"idgen.backend is not set and the application context has several stores to reserve IDs from ("
						+ names(present) + ").",
				"Set idgen.backend to the one idgen should use, for example idgen.backend=" + name(present.get(0))
						+ ".");
	}

	private Optional<Backend> decidedDefault(List<Backend> present) {
		if (this.properties.getBackend() != null) {
			return Optional.of(this.properties.getBackend());
		}
		return (present.size() == 1) ? Optional.of(present.get(0)) : Optional.empty();
	}

	/**
	 * Return the startup failure for a backend that the given property selects and that
	 * cannot be set up because the context lacks its store.
	 */
	static IdGeneratorConfigurationException unavailable(String property, Backend backend) {
		Store store = STORES.get(backend);
		if (store == null) {
			return new IdGeneratorConfigurationException(property, name(backend),
					property + " is '" + name(backend) + "', and the '" + name(backend)
							+ "' backend could not be set up.",
					"Check the log for the reason, or set " + property + " to another backend.");
		}
		return new IdGeneratorConfigurationException(property, name(backend),
				property + " is '" + name(backend) + "', and the '" + name(backend) + "' backend needs "
						+ store.starter() + ", which the application context does not have.",
				"Add " + store.starter() + ", or set " + property
						+ " to a backend whose store the application has, or set idgen.enabled=false to turn "
						+ "idgen off.");
	}

	static String name(Backend backend) {
		return backend.name().toLowerCase(Locale.ROOT);
	}

	/**
	 * Return the backends whose store the application context has, in declaration
	 * order.
	 */
	List<Backend> present() {
		return storeBackends().filter((backend) -> isPresent(STORES.get(backend))).toList();
	}

	private static Stream<Backend> storeBackends() {
		return Arrays.stream(Backend.values()).filter(STORES::containsKey);
	}

	private boolean isPresent(Store store) {
		if (!ClassUtils.isPresent(store.beanType(), this.classLoader)
				|| !store.requiredClasses().stream().allMatch((name) -> ClassUtils.isPresent(name, this.classLoader))) {
			return false;
		}
		Class<?> type = ClassUtils.resolveClassName(store.beanType(), this.classLoader);
		return this.beanFactory.getBeanNamesForType(type, true, false).length > 0;
	}

	private static String names(List<Backend> backends) {
		return String.join(", ", backends.stream().map(BackendSelection::name).toList());
	}

	/**
	 * What a backend with a store needs: a bean of its type, further classes, and the
	 * starter that brings them.
	 */
	private record Store(String beanType, List<String> requiredClasses, String starter) {

	}

}
