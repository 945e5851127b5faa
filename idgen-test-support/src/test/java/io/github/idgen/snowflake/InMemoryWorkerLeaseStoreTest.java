package io.github.idgen.snowflake;

import io.github.idgen.worker.AbstractWorkerLeaseStoreTest;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * Runs the worker lease store suite against {@link InMemoryWorkerLeaseStore} on the
 * system clock: every store of a namespace is the same store, as every instance of a real
 * store shares its backend.
 */
class InMemoryWorkerLeaseStoreTest extends AbstractWorkerLeaseStoreTest {

	private InMemoryWorkerLeaseStore store;

	@Override
	protected void startNamespace() {
		this.store = new InMemoryWorkerLeaseStore();
	}

	@Override
	protected WorkerLeaseStore createStore() {
		return this.store;
	}

}
