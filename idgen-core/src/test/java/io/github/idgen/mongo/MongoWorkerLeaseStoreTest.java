package io.github.idgen.mongo;

import java.util.UUID;

import com.mongodb.WriteConcern;

import io.github.idgen.test.TestBackends;
import io.github.idgen.worker.AbstractWorkerLeaseStoreTest;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * The {@link AbstractWorkerLeaseStoreTest} suite against {@link MongoWorkerLeaseStore},
 * on the backend that {@link TestBackends#mongo()} resolves, with a collection per test.
 */
class MongoWorkerLeaseStoreTest extends AbstractWorkerLeaseStoreTest {

	private String collection;

	@Override
	protected void startNamespace() {
		this.collection = "idgen_workers_" + UUID.randomUUID().toString().replace("-", "");
	}

	@Override
	protected WorkerLeaseStore createStore() {
		return new MongoWorkerLeaseStore(TestBackends.mongo(), this.collection, WriteConcern.MAJORITY);
	}

}
