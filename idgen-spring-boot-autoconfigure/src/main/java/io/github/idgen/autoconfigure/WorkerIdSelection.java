package io.github.idgen.autoconfigure;

import java.util.List;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Snowflake;

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
	 * @throws InvalidConfigurationPropertyValueException if the source is {@code auto},
	 * no worker id is set and the context has no store or several
	 */
	static Backend requireLeaseStore(Snowflake snowflake, List<Backend> presentStores) {
		Backend store = leaseStore(snowflake, presentStores);
		boolean undecided = snowflake.getWorkerIdSource() == IdGeneratorProperties.WorkerIdSourceType.AUTO
				&& snowflake.getWorkerId() < 0 && store == null;
		if (undecided && presentStores.isEmpty()) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.worker-id", -1,
					"No worker id is set and the application context has no store to lease one from. Set it (every "
							+ "instance needs its own), set idgen.snowflake.worker-id-source=kubernetes in a "
							+ "StatefulSet, or add a JDBC, Redis or MongoDB store");
		}
		if (undecided) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.worker-id-source", "auto",
					"The application context has several stores to lease a worker id from ("
							+ String.join(", ", presentStores.stream().map(BackendSelection::name).toList())
							+ "). Set it to the one to use");
		}
		return store;
	}

}
