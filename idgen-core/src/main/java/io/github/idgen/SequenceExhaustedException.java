package io.github.idgen;

/**
 * Thrown when a sequence cannot hand out another ID because its counter would pass its
 * upper bound.
 */
public class SequenceExhaustedException extends IdGenerationException {

	private final String sequence;

	/**
	 * Create a new exception.
	 * @param sequence the exhausted sequence
	 * @param message the detail message
	 */
	public SequenceExhaustedException(String sequence, String message) {
		super(message);
		this.sequence = sequence;
	}

	/**
	 * Return the exhausted sequence.
	 * @return the sequence name
	 */
	public String getSequence() {
		return this.sequence;
	}

}
