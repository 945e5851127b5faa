package io.github.idgen;

/**
 * Hands out globally unique, trend-increasing 64-bit IDs for named sequences.
 * <p>
 * Every ID returned is unique within its sequence across all application instances
 * sharing the same backend. IDs of one sequence increase monotonically within one
 * instance and trend upwards across instances. Failures are reported as
 * {@link IdGenerationException}s, never as sentinel values.
 * <p>
 * Implementations are thread-safe.
 */
public interface IdGenerator {

	/**
	 * Return the next ID of the named sequence.
	 * @param sequence the sequence name
	 * @return a positive ID never returned before for this sequence
	 * @throws UnknownSequenceException if the sequence is unknown and unknown sequences
	 * are rejected
	 * @throws BackendUnavailableException if no ID could be reserved in time
	 * @throws SequenceExhaustedException if the sequence has no IDs left
	 */
	long nextId(String sequence);

	/**
	 * Return the next ID of the default sequence.
	 * @return a positive ID never returned before for the default sequence
	 * @see #nextId(String)
	 */
	long nextId();

	/**
	 * Return {@code count} IDs of the named sequence in one call. The IDs are ascending
	 * and contiguous where the current reservation allows it.
	 * @param sequence the sequence name
	 * @param count the number of IDs, from 1 to {@link Sequence#MAX_BATCH_SIZE}
	 * @return the IDs in ascending order
	 * @see #nextId(String)
	 */
	long[] nextIds(String sequence, int count);

	/**
	 * Return a handle on the named sequence for hot loops: calls on the handle skip the
	 * name lookup.
	 * @param name the sequence name
	 * @return the sequence handle
	 * @throws UnknownSequenceException if the sequence is unknown and unknown sequences
	 * are rejected
	 */
	Sequence sequence(String name);

	/**
	 * Return the next formatted ID of the named sequence, such as
	 * {@code ORD20261121000001}, as the sequence's format defines it.
	 * @param sequence the sequence name
	 * @return the formatted ID
	 * @throws IllegalStateException if the sequence has no format
	 * @throws SequenceExhaustedException if the value does not fit the width of the
	 * format
	 * @see Sequence#nextFormatted()
	 */
	default String nextFormattedId(String sequence) {
		return sequence(sequence).nextFormatted();
	}

	/**
	 * Return the value behind a formatted ID of the named sequence: the value of its
	 * counter, such as {@code 1} for {@code ORD20261121000001}, restored with the key if
	 * the format is obfuscated, or the ID a text format such as {@code {seq:base62}}
	 * encodes.
	 * @param sequence the sequence name
	 * @param id a formatted ID of the sequence
	 * @return the value
	 * @throws IllegalArgumentException if the format of the sequence cannot have written
	 * the ID, quoting it and saying why
	 * @throws IllegalStateException if the sequence has no format
	 * @see Sequence#decodeFormatted(String)
	 */
	default long decodeFormattedId(String sequence, String id) {
		return sequence(sequence).decodeFormatted(id);
	}

}
