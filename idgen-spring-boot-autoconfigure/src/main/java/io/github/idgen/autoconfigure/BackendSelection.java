package io.github.idgen.autoconfigure;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Decides which backends serve which sequences: {@code idgen.backend}, or when that is
 * not set the single store the context has, serves every sequence whose
 * {@code idgen.sequences.<name>.backend} is not set.
 */
public final class BackendSelection {

	private final IdGeneratorProperties properties;

	private final ListableBeanFactory beanFactory;

	private final ClassLoader classLoader;

	/**
	 * Create the selection of a context.
	 * @param properties the bound idgen properties
	 * @param beanFactory the context's bean factory
	 * @param classLoader the class loader that finds the stores' classes
	 */
	public BackendSelection(IdGeneratorProperties properties, ListableBeanFactory beanFactory,
			ClassLoader classLoader) {
		this.properties = properties;
		this.beanFactory = beanFactory;
		this.classLoader = classLoader;
	}

	/**
	 * Create the selection a condition sees: the {@code idgen} properties bound from its
	 * environment, once {@link SequenceKeys} found every sequence name bound as written
	 * and {@link UnknownProperties} found no property that nothing binds, and its bean
	 * factory.
	 * @param context the condition's context
	 * @return the selection
	 */
	public static BackendSelection of(ConditionContext context) {
		if (context.getEnvironment() instanceof ConfigurableEnvironment environment) {
			SequenceKeys.check(environment);
			UnknownProperties.check(environment);
		}
		IdGeneratorProperties properties = Binder.get(context.getEnvironment())
			.bind("idgen", IdGeneratorProperties.class)
			.orElseGet(IdGeneratorProperties::new);
		return new BackendSelection(properties, context.getBeanFactory(), context.getClassLoader());
	}

	/**
	 * Return the backends that serve at least one sequence, leaving out the default one
	 * if it cannot be decided.
	 * @return the backends in use
	 */
	public Set<Backend> used() {
		Set<Backend> used = EnumSet.noneOf(Backend.class);
		this.properties.getSequences()
			.values()
			.stream()
			.map(SequenceProperties::getBackend)
			.filter((backend) -> backend != null)
			.forEach(used::add);
		decidedDefault(present()).ifPresent(used::add);
		return used;
	}

	/**
	 * Return the backend of every sequence without a backend of its own.
	 * @return the default backend
	 * @throws IdGeneratorConfigurationException naming {@code idgen.backend} if it is not
	 * set and the context has no store or several
	 */
	public Backend defaultBackend() {
		List<Backend> present = present();
		Optional<Backend> decided = decidedDefault(present);
		if (decided.isPresent()) {
			return decided.get();
		}
		if (present.isEmpty()) {
			throw new IdGeneratorConfigurationException("idgen.backend", null,
					"idgen.backend is not set and the application context has no store to reserve IDs from.",
					"Add " + String.join(", or ",
							Backend.withStore().stream().map((backend) -> backend.store().starter()).toList())
							+ ", or set "
							+ String.join(" or ",
									Backend.withoutStore()
										.stream()
										.map((backend) -> "idgen.backend=" + backend.propertyName())
										.toList())
							+ ", or set idgen.enabled=false to turn idgen off.");
		}
		throw new IdGeneratorConfigurationException("idgen.backend", null,
				"idgen.backend is not set and the application context has several stores to reserve IDs from ("
						+ Backend.names(present) + ").",
				"Set idgen.backend to the one idgen should use, for example idgen.backend="
						+ present.get(0).propertyName() + ".");
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
	 * @param property the property that selects the backend
	 * @param backend the backend
	 * @return the failure to throw
	 */
	public static IdGeneratorConfigurationException unavailable(String property, Backend backend) {
		String name = backend.propertyName();
		if (backend.store() == null) {
			return new IdGeneratorConfigurationException(property, name,
					property + " is '" + name + "', and the '" + name + "' backend could not be set up.",
					"Check the log for the reason, or set " + property + " to another backend.");
		}
		String starter = backend.store().starter();
		return new IdGeneratorConfigurationException(property, name,
				property + " is '" + name + "', and the '" + name + "' backend needs " + starter
						+ ", which the application context does not have.",
				"Add " + starter + ", or set " + property
						+ " to a backend whose store the application has, or set idgen.enabled=false to turn "
						+ "idgen off.");
	}

	/**
	 * Return the backends whose store the application context has, in declaration order.
	 * @return the backends whose store is present
	 */
	public List<Backend> present() {
		return Backend.withStore().stream().filter((backend) -> isPresent(backend.store())).toList();
	}

	private boolean isPresent(Backend.Store store) {
		if (!ClassUtils.isPresent(store.beanType(), this.classLoader)
				|| !store.requiredClasses().stream().allMatch((name) -> ClassUtils.isPresent(name, this.classLoader))) {
			return false;
		}
		Class<?> type = ClassUtils.resolveClassName(store.beanType(), this.classLoader);
		return this.beanFactory.getBeanNamesForType(type, true, false).length > 0;
	}

}
