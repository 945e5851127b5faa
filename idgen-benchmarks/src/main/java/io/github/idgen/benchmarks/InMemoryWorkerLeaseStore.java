package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.Optional;

import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * A {@link WorkerLeaseStore} that hands out worker id 0 to whoever asks and renews every
 * lease: enough to measure the per-ID lease check, nothing more.
 */
public final class InMemoryWorkerLeaseStore implements WorkerLeaseStore {

	@Override
	public Optional<WorkerLease> acquire(String owner, int maxWorkerId, Duration ttl) {
		return Optional.of(new WorkerLease(0, owner, 0));
	}

	@Override
	public boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
		return true;
	}

	@Override
	public void release(WorkerLease lease, long lastIssuedMillis) {
	}

	@Override
	public int countLive() {
		return 1;
	}

}
