package io.github.idgen.faults.process;

import java.time.Duration;
import java.util.Optional;

import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * A {@link WorkerLeaseStore} that leases worker id 0 only, whatever the layout allows, so
 * that two generators compete for exactly one id and a new owner must take over the old
 * owner's id.
 */
final class OneWorkerIdLeaseStore implements WorkerLeaseStore {

	private final WorkerLeaseStore delegate;

	OneWorkerIdLeaseStore(WorkerLeaseStore delegate) {
		this.delegate = delegate;
	}

	@Override
	public Optional<WorkerLease> acquire(String owner, int maxWorkerId, Duration ttl) {
		return this.delegate.acquire(owner, 0, ttl);
	}

	@Override
	public boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
		return this.delegate.renew(lease, ttl, lastIssuedMillis);
	}

	@Override
	public void release(WorkerLease lease, long lastIssuedMillis) {
		this.delegate.release(lease, lastIssuedMillis);
	}

	@Override
	public int countLive() {
		return this.delegate.countLive();
	}

}
