package io.github.idgen.segment;

/**
 * Where a backend keeps, next to the counters, the key check value of the permutation
 * that each period's counter of an obfuscated sequence is written with (see
 * {@link io.github.idgen.format.KeyCheckValue}), so that an instance whose key or
 * permutation differs from the one that wrote the period's first numbers is refused
 * instead of writing numbers that the other writes too.
 * <p>
 * A value is recorded once per counter and format scope and never changed: nothing ever
 * needs to replace it, since numbers of another key or permutation are safe only in
 * another period or another format.
 * <p>
 * Implementations are thread-safe.
 */
public interface KeyCheckStore {

	/**
	 * Record the key check value of a counter's permutation unless one is recorded
	 * already, and return the recorded one. Of several callers recording at once, one
	 * value wins and all of them get it.
	 * @param counter the counter name: the sequence name, or a period's counter name such
	 * as {@code order@20261121}
	 * @param scope the scope of the format, see
	 * {@link io.github.idgen.format.KeyCheckValue#scopeOf(String)}
	 * @param check the key check value of this instance, 0 or more
	 * @return the value recorded, this one if none was
	 * @throws io.github.idgen.BackendUnavailableException if the backend cannot be
	 * reached
	 */
	long recordIfAbsent(String counter, String scope, long check);

	/**
	 * Describe where the value of a counter is recorded, for an operator, such as
	 * {@code the row '@kcv:order@20261121#3f2a9c01' of table idgen_segment}.
	 * @param counter the counter name
	 * @param scope the scope of the format
	 * @return the description
	 */
	String describe(String counter, String scope);

}
