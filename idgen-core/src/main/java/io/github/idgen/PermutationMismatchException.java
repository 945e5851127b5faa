package io.github.idgen;

/**
 * Thrown when an obfuscated sequence would write a period's numbers with another key or
 * permutation than the instance that wrote the period's first numbers: two permutations
 * of one counter write the same number for different values, so this instance writes none
 * in that period. Nothing was drawn from the counter.
 */
public class PermutationMismatchException extends IdGenerationException {

	private final String sequence;

	private final String counter;

	private final boolean keyDiffers;

	/**
	 * Create a new exception.
	 * @param sequence the sequence name
	 * @param counter the counter of the period, such as {@code order@20261121}
	 * @param keyDiffers whether the key differs; {@code false} if the key is the same and
	 * the permutation (fixed or per-period) differs
	 * @param message the detail message
	 */
	public PermutationMismatchException(String sequence, String counter, boolean keyDiffers, String message) {
		super(message);
		this.sequence = sequence;
		this.counter = counter;
		this.keyDiffers = keyDiffers;
	}

	/**
	 * Return the sequence whose numbers were refused.
	 * @return the sequence name
	 */
	public String getSequence() {
		return this.sequence;
	}

	/**
	 * Return the counter of the period whose numbers were refused.
	 * @return the counter name, such as {@code order@20261121}
	 */
	public String getCounter() {
		return this.counter;
	}

	/**
	 * Return whether the key differs from the one the period's numbers are written with;
	 * {@code false} if the key is the same and the permutation differs.
	 * @return whether the key differs
	 */
	public boolean isKeyDifferent() {
		return this.keyDiffers;
	}

}
