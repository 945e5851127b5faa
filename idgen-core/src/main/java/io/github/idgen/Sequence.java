package io.github.idgen;

/**
 * A handle on one named sequence of an {@link IdGenerator}. Obtain it once with
 * {@link IdGenerator#sequence(String)} and keep it: its calls skip the name lookup.
 * <p>
 * Implementations are thread-safe.
 */
public interface Sequence {

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
	 * Return {@code count} IDs of this sequence in one call.
	 * @param count the number of IDs, at least 1
	 * @return the IDs in ascending order
	 * @see IdGenerator#nextIds(String, int)
	 */
	long[] next(int count);

}
