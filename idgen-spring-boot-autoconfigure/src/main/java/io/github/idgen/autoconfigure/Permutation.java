package io.github.idgen.autoconfigure;

/**
 * Which keyed permutation an obfuscated sequence writes in each period
 * ({@code idgen.sequences.<name>.permutation}).
 */
public enum Permutation {

	/**
	 * A permutation of its own in every period of the reset, whose FF1 tweak is the name
	 * of the period's counter (such as {@code order@20261121}): the same counter has
	 * other digits every period. From {@code per-period-from} on, if set.
	 */
	PER_PERIOD,

	/**
	 * The same permutation in every period, whose FF1 tweak is the sequence name: the
	 * numbers that idgen wrote before the per-period permutation.
	 */
	FIXED

}
