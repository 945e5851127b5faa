package io.github.idgen;

import java.time.Duration;

/**
 * Observes the slow paths of the sequences of one backend, for metrics: segment fetches,
 * callers that had to wait for a segment, and a clock that moved backwards. Never called
 * per ID.
 * <p>
 * Every method has a no-op default, so an observer implements only what it needs. Each
 * backend is given an observer of its own, so an observer knows which backend it watches.
 * Whoever calls an observer passes it through {@link #guarded(SequenceObserver)} first: a
 * {@link RuntimeException}, an {@link Error} or a checked exception thrown undeclared (as
 * from Kotlin) by an observer is logged and never breaks generation; only a
 * {@link VirtualMachineError} is thrown on, and costs no ID either.
 */
public interface SequenceObserver {

	/**
	 * An observer that does nothing.
	 */
	SequenceObserver NONE = new SequenceObserver() {
	};

	/**
	 * Called once when a sequence is created, before its first ID is issued, by whoever
	 * creates the sequences of the backend (in the Spring Boot auto-configuration, its
	 * sequence routing).
	 * @param sequence the new sequence
	 */
	default void sequenceCreated(Sequence sequence) {
	}

	/**
	 * Called after a segment was reserved from the store.
	 * @param sequence the sequence name
	 * @param size the number of IDs in the segment
	 * @param duration how long the store took
	 */
	default void segmentFetched(String sequence, long size, Duration duration) {
	}

	/**
	 * Called after the store failed to reserve a segment.
	 * @param sequence the sequence name
	 * @param duration how long the store took to fail
	 * @param failure why it failed
	 */
	default void fetchFailed(String sequence, Duration duration, RuntimeException failure) {
	}

	/**
	 * Called after a caller found no ID left and waited for a segment, whether one came
	 * or not.
	 * @param sequence the sequence name
	 * @param waited how long the caller waited
	 */
	default void waited(String sequence, Duration waited) {
	}

	/**
	 * Called when a snowflake generator found the clock behind the millisecond of its
	 * last ID, once per caller that found it so.
	 * @param amount how far the clock was behind
	 */
	default void clockMovedBackward(Duration amount) {
	}

	/**
	 * Called when a store moved the counter of a sequence forward, skipping IDs, because
	 * it could not trust it: such as a Redis counter last reserved on another server
	 * process (a promoted replica, a restarted server), moved by the failover jump or to
	 * its durable floor.
	 * @param sequence the sequence name
	 * @param from the highest value known before the move
	 * @param to the value the counter was moved to
	 */
	default void counterMovedForward(String sequence, long from, long to) {
	}

	/**
	 * Return an observer that forwards to the given one and logs, rather than throws, any
	 * {@link RuntimeException}, {@link Error} or undeclared checked exception it throws
	 * but a {@link VirtualMachineError}.
	 * @param observer the observer to guard, {@code null} for {@link #NONE}
	 * @return the guarded observer
	 */
	static SequenceObserver guarded(SequenceObserver observer) {
		if (observer == null || observer == NONE) {
			return NONE;
		}
		return (observer instanceof GuardedSequenceObserver) ? observer : new GuardedSequenceObserver(observer);
	}

}
