package io.github.idgen.segment;

import java.util.Map;
import java.util.OptionalLong;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;

/**
 * The SPI of the segment engine: a backend that reserves blocks of IDs.
 * <p>
 * Each store keeps one counter per sequence: the last ID reserved so far. A new counter
 * starts at {@code start - 1}. {@link #allocate} adds {@code step} to the counter in one
 * atomic backend operation and returns the block between the old and the new value, so
 * that no other caller, in any process sharing the backend, ever receives an overlapping
 * block. Creating a missing counter is race-safe: of several callers creating it at once,
 * exactly one creates it and all of them then allocate from it.
 * <p>
 * The largest ID a store hands out is {@code Long.MAX_VALUE - 1}, so that every segment
 * end fits in a {@code long}.
 * <p>
 * A store tells transient failures from permanent ones by the exception it throws: a
 * {@link BackendUnavailableException} (a lost connection, a timeout, a server that is
 * restarting) is retried by the segment engine in the background; every other runtime
 * exception ({@link BackendMisconfiguredException} for a missing table, a missing
 * permission or a script the server rejects, {@link IllegalArgumentException} for a name
 * the store cannot serve, {@link SequenceExhaustedException}, ...) is permanent and
 * reaches the caller at once. An {@link Error}, or a checked exception thrown undeclared
 * (as from Kotlin), is retried like a {@link BackendUnavailableException}. Exception
 * messages never quote a driver's message, which can name hosts, ports and users; the
 * driver's exception is kept as the cause (see
 * {@link io.github.idgen.FailureDescriptions}).
 * <p>
 * Implementations are thread-safe.
 */
public interface SegmentStore {

	/**
	 * Reserve the next {@code step} IDs of the given sequence, within its bounds: never a
	 * segment crossing {@code bounds.maxValue()}; for a cyclic sequence whose counter has
	 * reached it, the first IDs of the next cycle (see {@link SequenceBounds#next}).
	 * @param sequence the sequence name, valid as {@link io.github.idgen.SequenceNames}
	 * defines it
	 * @param step the number of IDs to reserve, at least 1
	 * @param bounds the start (used only when the counter does not exist yet), the
	 * max-value and whether the sequence cycles
	 * @return the reserved block: {@code step} IDs, or fewer where the max-value cuts it
	 * @throws SequenceExhaustedException if the counter has reached its max-value and the
	 * sequence does not cycle
	 * @throws BackendUnavailableException if the backend failed in a way that a retry may
	 * heal
	 * @throws BackendMisconfiguredException if the backend refused in a way that a retry
	 * will not heal
	 * @throws IllegalArgumentException if an argument is invalid
	 */
	Segment allocate(String sequence, long step, SequenceBounds bounds);

	/**
	 * Reserve the next {@code step} IDs of an unbounded sequence.
	 * @param sequence the sequence name
	 * @param step the number of IDs to reserve, at least 1
	 * @param start the first ID of the sequence, used only when its counter does not
	 * exist yet
	 * @return the reserved block, exactly {@code step} IDs long
	 * @see #allocate(String, long, SequenceBounds)
	 */
	default Segment allocate(String sequence, long step, long start) {
		return allocate(sequence, step, SequenceBounds.startingAt(start));
	}

	/**
	 * Return the counter of a sequence without reserving anything: the last ID this store
	 * reserved for it, which every ID it handed out is at most. Read at startup to tell a
	 * counter that would hand out IDs an entity's table already holds. The default cannot
	 * tell.
	 * @param sequence the sequence name, valid as {@link io.github.idgen.SequenceNames}
	 * defines it
	 * @return the counter, or empty if the store holds none for the sequence
	 * @throws UnsupportedOperationException if the store cannot read a counter without
	 * reserving
	 * @throws BackendUnavailableException if the backend failed in a way that a retry may
	 * heal
	 */
	default OptionalLong counter(String sequence) {
		throw new UnsupportedOperationException(
				getClass().getName() + " cannot read the counter of a sequence without reserving IDs");
	}

	/**
	 * Check that the backend can be reached.
	 * @throws BackendUnavailableException if it cannot, with the reason
	 */
	void checkAvailable();

	/**
	 * Return what the store tells of itself for monitoring beyond whether it answers,
	 * such as the state of each store of a striped store.
	 * @return name-value pairs fit for JSON, empty by default
	 */
	default Map<String, Object> details() {
		return Map.of();
	}

}
