package io.github.idgen.faults.network;

import java.time.Duration;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * When an outage began and ended, and what one generator instance's callers saw around
 * it: the IDs served from buffered segments during the outage, the first failure, and the
 * first ID after the backend was restored.
 */
final class OutageTimeline {

	private final ProxiedBackend backend;

	private volatile long cutAt = Long.MAX_VALUE;

	private volatile long restoredAt = Long.MAX_VALUE;

	OutageTimeline(ProxiedBackend backend) {
		this.backend = backend;
	}

	/**
	 * Cut the backend off, noting when.
	 */
	void cut() {
		this.cutAt = System.nanoTime();
		this.backend.cut();
	}

	/**
	 * Restore the backend, noting when.
	 */
	void restore() {
		this.restoredAt = System.nanoTime();
		this.backend.restore();
	}

	/**
	 * Return a timeline of the calls of one instance.
	 * @param call the instance's call
	 * @return the timeline, whose {@link Instance#call()} wraps the given call
	 */
	Instance instance(LongSupplier call) {
		return new Instance(call);
	}

	/**
	 * What the callers of one instance saw.
	 */
	final class Instance {

		private final LongSupplier call;

		private final LongAdder idsDuringCut = new LongAdder();

		private final LongAccumulator lastIdDuringCut = new LongAccumulator(Math::max, Long.MIN_VALUE);

		private final LongAccumulator firstFailure = new LongAccumulator(Math::min, Long.MAX_VALUE);

		private final LongAccumulator firstIdAfterRestore = new LongAccumulator(Math::min, Long.MAX_VALUE);

		private Instance(LongSupplier call) {
			this.call = call;
		}

		/**
		 * Return the instance's call, noting when it succeeds or fails.
		 * @return the call
		 */
		LongSupplier call() {
			return () -> {
				long id;
				try {
					id = this.call.getAsLong();
				}
				catch (RuntimeException ex) {
					this.firstFailure.accumulate(System.nanoTime());
					throw ex;
				}
				succeeded(System.nanoTime());
				return id;
			};
		}

		private void succeeded(long now) {
			if (now >= OutageTimeline.this.restoredAt) {
				this.firstIdAfterRestore.accumulate(now);
			}
			else if (now >= OutageTimeline.this.cutAt) {
				this.idsDuringCut.increment();
				this.lastIdDuringCut.accumulate(now);
			}
		}

		/**
		 * Return how many IDs the callers received after the cut and before the restore.
		 * @return the IDs served from buffered segments
		 */
		long idsDuringCut() {
			return this.idsDuringCut.sum();
		}

		/**
		 * Return whether the first failure came after the last ID served during the cut:
		 * the buffered IDs ran out first.
		 * @return whether callers failed only once the buffered IDs were used up
		 */
		boolean failedOnlyAfterBufferRanOut() {
			return this.firstFailure.get() > this.lastIdDuringCut.get();
		}

		/**
		 * Return whether any call failed before the cut.
		 * @return whether a call failed while the backend could be reached
		 */
		boolean failedBeforeCut() {
			return this.firstFailure.get() < OutageTimeline.this.cutAt;
		}

		/**
		 * Return how long after the restore the first ID came.
		 * @return the time to recover, {@code null} if no ID came after the restore
		 */
		Duration recovery() {
			long first = this.firstIdAfterRestore.get();
			return (first == Long.MAX_VALUE) ? null : Duration.ofNanos(first - OutageTimeline.this.restoredAt);
		}

	}

}
