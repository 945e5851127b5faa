package io.github.idgen;

import java.util.Map;

import io.github.idgen.segment.Segment;

/**
 * A backend that serves sequences: it creates the {@link Sequence} of a name and can tell
 * whether it is able to serve IDs.
 */
public interface SequenceBackend extends SequenceFactory {

	/**
	 * Check that the backend can serve IDs: its store can be reached and nothing has made
	 * it refuse to (such as a tripped counter-loss guard).
	 * @throws IdGenerationException if it cannot, with the reason
	 */
	void checkAvailable();

	/**
	 * Return the highest ID reserved for a sequence so far, read without reserving any,
	 * or one below the sequence's first ID if none is: every ID the backend issues for
	 * the sequence from now on lies above it. Read at startup to tell a counter that
	 * would issue IDs an entity's table already holds, as after renaming the table. The
	 * default cannot tell.
	 * @param sequence the sequence name
	 * @return the highest ID reserved so far
	 * @throws UnsupportedOperationException if the IDs of the sequence do not come from a
	 * counter the backend can read without reserving (snowflake IDs, Redis)
	 * @throws BackendUnavailableException if the store could not be read
	 */
	default long reservedUpTo(String sequence) {
		throw new UnsupportedOperationException("The IDs of sequence " + SequenceNames.quote(sequence)
				+ " come from no counter that " + getClass().getSimpleName() + " can read without reserving");
	}

	/**
	 * Reserve a segment of a sequence straight from the backend's store, with the
	 * sequence's bounds, bypassing the buffer that serves the sequence's IDs: a block of
	 * IDs that no other caller, in any process sharing the store, ever receives, for a
	 * caller that hands them out itself (such as a client of an ID server). The IDs the
	 * backend's sequences hand out and the reserved segments never overlap. The default
	 * cannot reserve.
	 * @param sequence the sequence name, valid as {@link SequenceNames#validate} defines
	 * it
	 * @param size the number of IDs wanted, at least 1
	 * @return the segment: {@code size} IDs, or fewer where the sequence's max-value cuts
	 * it; a striped store's has a stride above 1
	 * @throws UnsupportedOperationException if the IDs of the sequence do not come in
	 * segments (snowflake IDs, Redis in increment or time mode)
	 * @throws SequenceExhaustedException if the sequence has handed out its last ID
	 * @throws BackendUnavailableException if the store could not be reached
	 * @throws IllegalArgumentException if the size is less than 1
	 */
	default Segment reserve(String sequence, long size) {
		throw new UnsupportedOperationException("The IDs of sequence " + SequenceNames.quote(sequence)
				+ " do not come in segments that " + getClass().getSimpleName() + " can reserve");
	}

	/**
	 * Return what this backend knows of a sequence beyond the sequence's own
	 * {@link SequenceInfo}, for monitoring: such as the state of a Redis counter-loss
	 * guard, which the store keeps rather than the sequence.
	 * @param sequence the sequence name
	 * @return name-value pairs fit for JSON, empty by default
	 */
	default Map<String, Object> details(String sequence) {
		return Map.of();
	}

	/**
	 * Return what this backend knows of its stores beyond whether they answer, for
	 * monitoring: such as the state of each store of a striped store.
	 * @return name-value pairs fit for JSON, empty by default
	 */
	default Map<String, Object> storeDetails() {
		return Map.of();
	}

}
