package io.github.idgen.snowflake;

import java.time.Clock;

import io.github.idgen.SequenceObserver;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * Leased workers for the tests of other packages, such as the store tests, that need one
 * whose heartbeat does not run.
 */
public final class LeasedWorkers {

	private LeasedWorkers() {
	}

	/**
	 * Lease a worker ID on the system clocks without starting the heartbeat, so that the
	 * lease runs out unless the test renews it.
	 * @param store the store to lease from
	 * @param settings the settings of the worker
	 * @return the worker
	 */
	public static LeasedWorker withoutHeartbeat(WorkerLeaseStore store, LeasedWorkerSettings settings) {
		return LeasedWorker.leaseWithoutHeartbeat(store, settings, SequenceObserver.NONE, Clock.systemUTC(),
				System::nanoTime);
	}

}
