package io.github.idgen.autoconfigure.snowflake;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Decides where the snowflake backend takes its worker ID from:
 * {@code idgen.snowflake.worker-id-source}, which is {@code static}, {@code kubernetes},
 * a backend whose store {@linkplain Backend#leasesWorkerIds() keeps leases}, or
 * {@code auto}: the configured {@code worker-id}, or else a lease from the single such
 * store the context has.
 */
final class WorkerIdSelection {

	static final String SOURCE = "idgen.snowflake.worker-id-source";

	private static final String AUTO = "auto";

	private static final String STATIC = "static";

	private static final String KUBERNETES = "kubernetes";

	private WorkerIdSelection() {
	}

	/**
	 * Return whether the worker ID is the StatefulSet ordinal.
	 */
	static boolean isKubernetes(SnowflakeProperties snowflake) {
		return KUBERNETES.equals(source(snowflake));
	}

	/**
	 * Return the store to lease the worker ID from, or {@code null} if it is not leased
	 * or the store cannot be decided. The source is one of the sources, as the properties
	 * check when they are bound.
	 */
	static Backend leaseStore(SnowflakeProperties snowflake, List<Backend> presentStores) {
		String source = source(snowflake);
		if (AUTO.equals(source)) {
			List<Backend> leaseStores = presentStores.stream().filter(Backend::leasesWorkerIds).toList();
			return (snowflake.getWorkerId() < 0 && leaseStores.size() == 1) ? leaseStores.get(0) : null;
		}
		if (STATIC.equals(source) || KUBERNETES.equals(source)) {
			return null;
		}
		return Backend.ofPropertyName(source);
	}

	/**
	 * Return the store to lease the worker ID from, or {@code null} if it is not leased.
	 * @throws IdGeneratorConfigurationException if the source is {@code auto}, no worker
	 * ID is set and the context has no store or several
	 */
	static Backend requireLeaseStore(SnowflakeProperties snowflake, List<Backend> presentStores) {
		Backend store = leaseStore(snowflake, presentStores);
		List<Backend> leaseStores = presentStores.stream().filter(Backend::leasesWorkerIds).toList();
		boolean undecided = AUTO.equals(source(snowflake)) && snowflake.getWorkerId() < 0 && store == null;
		if (undecided && leaseStores.isEmpty()) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id", -1,
					"idgen.snowflake.worker-id is not set and the application context has no store to lease one from.",
					"Set idgen.snowflake.worker-id (every instance needs its own), set " + SOURCE
							+ "=kubernetes in a StatefulSet, or add a store that keeps worker ID leases ("
							+ Backend.names(Backend.withStore().stream().filter(Backend::leasesWorkerIds).toList())
							+ ").");
		}
		if (undecided) {
			throw new IdGeneratorConfigurationException(SOURCE, AUTO,
					SOURCE + " is 'auto' and the application context has several stores to lease a worker ID from ("
							+ Backend.names(leaseStores) + ").",
					"Set " + SOURCE + " to the one to use, for example " + SOURCE + "="
							+ leaseStores.get(0).propertyName() + ", or set idgen.snowflake.worker-id.");
		}
		return store;
	}

	/**
	 * Return the other ways of giving an instance its worker ID than leasing it from the
	 * given store, as a clause for the action of a failed check.
	 */
	static String alternativesTo(Backend store) {
		List<String> others = Backend.withStore()
			.stream()
			.filter((other) -> other.leasesWorkerIds() && other != store)
			.map(Backend::propertyName)
			.toList();
		return "lease worker IDs from another store (" + SOURCE + "=" + String.join(" or ", others)
				+ "), take them from the StatefulSet ordinal (" + SOURCE + "=" + KUBERNETES
				+ "), or give each instance its own idgen.snowflake.worker-id";
	}

	/**
	 * Return the names of the stores that keep worker ID leases, such as
	 * {@code a, b or c}, from the backend descriptions.
	 */
	static String leaseSources() {
		List<String> stores = leaseStoreNames();
		return (stores.size() == 1) ? stores.get(0)
				: String.join(", ", stores.subList(0, stores.size() - 1)) + " or " + stores.get(stores.size() - 1);
	}

	private static List<String> leaseStoreNames() {
		return Backend.withStore().stream().filter(Backend::leasesWorkerIds).map(Backend::propertyName).toList();
	}

	/**
	 * Return a source of worker IDs as written in a property, trimmed and in lower case.
	 * @throws IllegalArgumentException naming every source if it is none of them
	 */
	static String validSource(String source) {
		String normalized = (source != null) ? source.trim().toLowerCase(Locale.ROOT) : "";
		if (!sources().contains(normalized)) {
			throw new IllegalArgumentException(
					"'" + source + "' is not a source of worker IDs; use one of " + String.join(", ", sources()));
		}
		return normalized;
	}

	private static List<String> sources() {
		List<String> sources = new ArrayList<>(List.of(AUTO, STATIC, KUBERNETES));
		sources.addAll(leaseStoreNames());
		return sources;
	}

	private static String source(SnowflakeProperties snowflake) {
		return (snowflake.getWorkerIdSource() != null) ? snowflake.getWorkerIdSource().toLowerCase(Locale.ROOT) : AUTO;
	}

}
