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

	/**
	 * Return the next formatted ID of this sequence, such as {@code ORD20261121000001},
	 * as its format defines it.
	 * @return the formatted ID
	 * @throws IllegalStateException if this sequence has no format
	 * @see IdGenerator#nextFormattedId(String)
	 */
	default String nextFormatted() {
		throw new IllegalStateException("Sequence '" + name() + "' has no format: set idgen.sequences." + name()
				+ ".format, such as ORD{yyyyMMdd}{seq:6}");
	}

}
