package io.github.idgen.mongo;

import com.mongodb.WriteConcern;
import io.github.idgen.test.TestBackends;
import io.github.idgen.worker.WorkerLeaseStore;
import io.github.idgen.worker.WorkerLeaseStoreCases;

/**
 * The {@link WorkerLeaseStoreCases} against {@link MongoWorkerLeaseStore}, on the backend
 * that {@link TestBackends#mongo()} resolves, with a collection per test.
 */
class MongoWorkerLeaseStoreTest extends WorkerLeaseStoreCases {

	@Override
	protected WorkerLeaseStore createStore(String namespace) {
		return new MongoWorkerLeaseStore(TestBackends.mongo(), "idgen_workers_" + namespace, WriteConcern.MAJORITY);
	}

}
