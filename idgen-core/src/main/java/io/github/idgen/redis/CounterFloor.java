package io.github.idgen.redis;

import io.github.idgen.BackendUnavailableException;

/**
 * A durable floor under the Redis counters, kept outside Redis: for each sequence, an ID
 * at or above every ID handed out so far. A {@link RedisSegmentStore} with a floor claims
 * each segment here before it hands it out, and re-seeds a lost counter above the floor
 * instead of failing.
 * <p>
 * The floor of a sequence only grows. Implementations are thread-safe, write in
 * transactions of their own (never a caller's, which could roll a claim back) and commit
 * before they return.
 *
 * @see io.github.idgen.jdbc.JdbcCounterFloor
 */
public interface CounterFloor {

	/**
	 * Return the floor of a sequence.
	 * @param sequence the sequence name
	 * @return the floor, 0 if the sequence has none yet
	 * @throws BackendUnavailableException if the floor could not be read
	 */
	long read(String sequence);

	/**
	 * Raise the floor of a sequence from at most {@code from} to {@code to}, in one
	 * atomic operation: claim the IDs {@code (from, to]}. A floor above {@code from}
	 * means that some of these IDs may have been handed out already; then nothing
	 * changes. A sequence without a floor gets one at {@code to}.
	 * @param sequence the sequence name
	 * @param from the counter value before the IDs were reserved
	 * @param to the new counter value, greater than {@code from}
	 * @return whether the floor was at most {@code from} and is now {@code to}
	 * @throws BackendUnavailableException if the floor could not be raised
	 */
	boolean raise(String sequence, long from, long to);

}
