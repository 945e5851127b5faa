package io.github.idgen.autoconfigure;

import java.util.List;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Snowflake;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Decides where the snowflake backend takes its worker id from:
 * {@code idgen.snowflake.worker-id-source}, and for {@code auto} the configured
 * {@code worker-id} or else a lease from the single store the context has.
 */
final class WorkerIdSelection {

	private WorkerIdSelection() {
	}

	/**
	 * Return the store to lease the worker id from, or {@code null} if it is not leased
	 * or the store cannot be decided.
	 */
	static Backend leaseStore(Snowflake snowflake, List<Backend> presentStores) {
		return switch (snowflake.getWorkerIdSource()) {
			case STATIC, KUBERNETES -> null;
			case JDBC -> Backend.JDBC;
			case REDIS -> Backend.REDIS;
			case MONGO -> Backend.MONGO;
			case AUTO -> (snowflake.getWorkerId() < 0 && presentStores.size() == 1) ? presentStores.get(0) : null;
		};
	}

	/**
	 * Return the store to lease the worker id from, or {@code null} if it is not leased.
	 * @throws IdGeneratorConfigurationException if the source is {@code auto},
	 * no worker id is set and the context has no store or several
	 */
	static Backend requireLeaseStore(Snowflake snowflake, List<Backend> presentStores) {
		Backend store = leaseStore(snowflake, presentStores);
		boolean undecided = snowflake.getWorkerIdSource() == IdGeneratorProperties.WorkerIdSourceType.AUTO
				&& snowflake.getWorkerId() < 0 && store == null;
		if (undecided && presentStores.isEmpty()) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id", -1,
					"idgen.snowflake.worker-id is not set and the application context has no store to lease one from.",
					"Set idgen.snowflake.worker-id (every instance needs its own), set "
							+ "idgen.snowflake.worker-id-source=kubernetes in a StatefulSet, or add a JDBC, Redis or "
							+ "MongoDB store.");
		}
		if (undecided) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id-source", "auto",
					"idgen.snowflake.worker-id-source is 'auto' and the application context has several stores to "
							+ "lease a worker id from ("
							+ String.join(", ", presentStores.stream().map(BackendSelection::name).toList()) + ").",
					"Set idgen.snowflake.worker-id-source to the one to use, for example "
							+ "idgen.snowflake.worker-id-source=" + BackendSelection.name(presentStores.get(0))
							+ ", or set idgen.snowflake.worker-id.");
		}
		return store;
	}

}
