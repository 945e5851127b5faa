package io.github.idgen.segment;

/**
 * Where a backend keeps, next to the counters, the key check value of each obfuscated
 * sequence (see {@link io.github.idgen.format.KeyCheckValue}), so that an instance whose
 * key differs from the one the others use is refused at startup instead of writing
 * numbers that theirs write too.
 * <p>
 * Implementations are thread-safe.
 */
public interface KeyCheckStore {

	/**
	 * Record a sequence's key check value unless one is recorded already, and return the
	 * recorded one. Of several callers recording at once, one value wins and all of them
	 * get it.
	 * @param sequence the sequence name
	 * @param check the key check value of this instance, 0 or more
	 * @return the value recorded, this one if none was
	 * @throws io.github.idgen.BackendUnavailableException if the backend cannot be
	 * reached
	 */
	long recordIfAbsent(String sequence, long check);

	/**
	 * Describe where the value of a sequence is recorded, for an operator who rotates the
	 * key and removes it, such as {@code the row '@kcv:order' of table
	 * idgen_segment}.
	 * @param sequence the sequence name
	 * @return the description
	 */
	String describe(String sequence);

}
