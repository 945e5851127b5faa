package io.github.idgen.snowflake;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * A {@link WorkerLeaseStore} in memory, for tests and benchmarks: its expiry follows a
 * clock the test controls, and it can be made to fail. Every method is synchronized on
 * the store.
 */
public class InMemoryWorkerLeaseStore implements WorkerLeaseStore {

	private final LongSupplier millis;

	private final Map<Integer, Entry> entries = new HashMap<>();

	private volatile boolean failing;

	/**
	 * Create a store whose leases expire on the system clock.
	 */
	public InMemoryWorkerLeaseStore() {
		this(System::currentTimeMillis);
	}

	/**
	 * Create a store whose leases expire on the given clock.
	 * @param millis the clock, in milliseconds
	 */
	public InMemoryWorkerLeaseStore(LongSupplier millis) {
		this.millis = millis;
	}

	/**
	 * Make every call fail with a {@link io.github.idgen.BackendUnavailableException}, or
	 * stop doing so.
	 * @param failing whether calls fail
	 */
	public void setFailing(boolean failing) {
		this.failing = failing;
	}

	@Override
	public synchronized Optional<WorkerLease> acquire(String owner, int maxWorkerId, Duration ttl) {
		checkUp();
		long now = this.millis.getAsLong();
		for (int id = 0; id <= maxWorkerId; id++) {
			Entry entry = this.entries.get(id);
			if (entry == null || entry.expiresAt <= now) {
				long last = (entry != null) ? entry.lastTimestamp : 0;
				this.entries.put(id, new Entry(owner, now + ttl.toMillis(), last));
				return Optional.of(new WorkerLease(id, owner, last));
			}
		}
		return Optional.empty();
	}

	@Override
	public synchronized boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
		checkUp();
		long now = this.millis.getAsLong();
		Entry entry = this.entries.get(lease.workerId());
		if (entry == null || !entry.owner.equals(lease.owner()) || entry.expiresAt <= now) {
			return false;
		}
		this.entries.put(lease.workerId(),
				new Entry(lease.owner(), now + ttl.toMillis(), Math.max(entry.lastTimestamp, lastIssuedMillis)));
		return true;
	}

	@Override
	public synchronized void release(WorkerLease lease, long lastIssuedMillis) {
		checkUp();
		Entry entry = this.entries.get(lease.workerId());
		if (entry != null && entry.owner.equals(lease.owner())) {
			this.entries.put(lease.workerId(), new Entry(lease.owner(), this.millis.getAsLong(), lastIssuedMillis));
		}
	}

	/**
	 * Return the last timestamp stored for a worker id.
	 * @param workerId the worker id
	 * @return the last timestamp, 0 if the id was never leased
	 */
	synchronized long lastTimestamp(int workerId) {
		Entry entry = this.entries.get(workerId);
		return (entry != null) ? entry.lastTimestamp : 0;
	}

	@Override
	public synchronized int countLive() {
		long now = this.millis.getAsLong();
		return (int) this.entries.values().stream().filter((entry) -> entry.expiresAt > now).count();
	}

	private void checkUp() {
		if (this.failing) {
			throw new BackendUnavailableException("lease store is down");
		}
	}

	private record Entry(String owner, long expiresAt, long lastTimestamp) {

	}

}
