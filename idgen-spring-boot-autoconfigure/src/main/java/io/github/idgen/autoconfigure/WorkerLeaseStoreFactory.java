package io.github.idgen.autoconfigure;

import java.util.function.Function;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * Creates a {@link WorkerLeaseStore} over the store of a backend, for a backend that
 * leases its worker IDs from there. Each backend whose store
 * {@linkplain Backend#leasesWorkerIds() can keep leases} defines one when the context has
 * its store; creating it costs nothing until {@link #create} is called.
 */
public interface WorkerLeaseStoreFactory {

	/**
	 * Return the backend whose store keeps the leases.
	 * @return the store's backend
	 */
	Backend store();

	/**
	 * Create the lease store, checking the store as it goes (its kind, its table).
	 * @param request who asks, for the messages of a failed check
	 * @return the lease store
	 * @throws IdGeneratorConfigurationException naming the request's property if the
	 * store cannot keep the leases
	 */
	WorkerLeaseStore create(LeaseRequest request);

	/**
	 * Return the factory of a backend's lease stores.
	 * @param store the backend whose store keeps the leases
	 * @param create creates a lease store, checking the store as it goes
	 * @return the factory
	 */
	static WorkerLeaseStoreFactory of(Backend store, Function<LeaseRequest, WorkerLeaseStore> create) {
		return new WorkerLeaseStoreFactory() {

			@Override
			public Backend store() {
				return store;
			}

			@Override
			public WorkerLeaseStore create(LeaseRequest request) {
				return create.apply(request);
			}

		};
	}

	/**
	 * The property that chose the store, its value, and the other ways to give an
	 * instance its worker ID, which a failed check offers as its action.
	 *
	 * @param property the property that chose the store
	 * @param value its value
	 * @param alternatives the other ways, as a clause such as {@code lease them from
	 * another store (...)}
	 */
	record LeaseRequest(String property, String value, String alternatives) {

	}

}
