package io.github.idgen;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * A handle on one named sequence of an {@link IdGenerator}. Obtain it once with
 * {@link IdGenerator#sequence(String)} and keep it: its calls skip the name lookup.
 * <p>
 * Implementations are thread-safe.
 */
public interface Sequence {

	/**
	 * The largest number of IDs one batch call returns, so that a careless or hostile
	 * count cannot make a call allocate gigabytes.
	 */
	int MAX_BATCH_SIZE = 1_000_000;

	/**
	 * Check the count of a batch call.
	 * @param count the number of IDs asked for
	 * @return the count, unchanged
	 * @throws IllegalArgumentException if it is less than 1 or more than
	 * {@link #MAX_BATCH_SIZE}
	 */
	static int checkBatchSize(int count) {
		if (count < 1) {
			throw new IllegalArgumentException("count must be at least 1 but was " + count);
		}
		if (count > MAX_BATCH_SIZE) {
			throw new IllegalArgumentException("count must be at most " + MAX_BATCH_SIZE + " but was " + count);
		}
		return count;
	}

	/**
	 * Return the name of the sequence whose IDs this handle returns.
	 * @return the sequence name
	 */
	String name();

	/**
	 * Return the next ID of this sequence.
	 * @return a positive ID never returned before for this sequence
	 * @see IdGenerator#nextId(String)
	 */
	long next();

	/**
	 * Return the next ID of this sequence if it can be had at once, without waiting for
	 * the backend: for a caller that must not block, such as a thread of an event loop,
	 * which calls {@link #next()} on a thread that may block when this returns empty. An
	 * empty result takes no ID.
	 * @return the next ID, or empty if taking one might wait (the segment sequences
	 * return empty only when their buffer has no ID left; any other sequence, by default,
	 * always)
	 * @see #next()
	 */
	default OptionalLong nextIfReady() {
		return OptionalLong.empty();
	}

	/**
	 * Return {@code count} IDs of this sequence in one call.
	 * @param count the number of IDs, from 1 to {@link #MAX_BATCH_SIZE}
	 * @return the IDs in ascending order
	 * @throws IllegalArgumentException if the count is out of range
	 * @see IdGenerator#nextIds(String, int)
	 */
	long[] next(int count);

	/**
	 * Return the next formatted ID of this sequence, such as {@code ORD20261121000001},
	 * as its format defines it.
	 * @return the formatted ID
	 * @throws IllegalStateException if this sequence has no format
	 * @see IdGenerator#nextFormattedId(String)
	 */
	default String nextFormatted() {
		throw SequenceNames.noFormat(name());
	}

	/**
	 * Return the next formatted ID of this sequence if it can be had at once, without
	 * waiting for the backend, as {@link #nextIfReady()} does for IDs.
	 * @return the next formatted ID, or empty if taking one might wait (by default,
	 * always; a sequence without a format, too, which {@link #nextFormatted()} then
	 * tells)
	 * @throws io.github.idgen.SequenceExhaustedException if the value does not fit the
	 * width of the format
	 * @see #nextFormatted()
	 */
	default Optional<String> nextFormattedIfReady() {
		return Optional.empty();
	}

	/**
	 * Return the value behind a formatted ID of this sequence: the value of its counter,
	 * such as {@code 1} for {@code ORD20261121000001}, restored from its permutation if
	 * the format is obfuscated.
	 * @param id a formatted ID of this sequence
	 * @return the value
	 * @throws IllegalArgumentException if the format of this sequence cannot have written
	 * the ID, quoting it and saying why
	 * @throws IllegalStateException if this sequence has no format
	 * @see IdGenerator#decodeFormattedId(String, String)
	 */
	default long decodeFormatted(String id) {
		throw SequenceNames.noFormat(name());
	}

}
