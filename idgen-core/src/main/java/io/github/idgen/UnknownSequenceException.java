package io.github.idgen;

/**
 * Thrown when a sequence is requested that is not configured and unknown sequences are
 * rejected ({@code idgen.unknown-sequences=reject}), or as many unknown sequences as
 * allowed were created already ({@code idgen.max-unknown-sequences}).
 */
public class UnknownSequenceException extends IdGenerationException {

	private final String sequence;

	/**
	 * Create a new exception.
	 * @param sequence the requested sequence name
	 */
	public UnknownSequenceException(String sequence) {
		this(sequence, "Unknown sequence " + SequenceNames.quote(sequence)
				+ ": configure it under idgen.sequences or set idgen.unknown-sequences to 'create' or 'share'");
	}

	/**
	 * Create a new exception with a message of its own.
	 * @param sequence the requested sequence name
	 * @param message the detail message, which quotes the name with
	 * {@link SequenceNames#quote(String)}
	 */
	public UnknownSequenceException(String sequence, String message) {
		super(message);
		this.sequence = sequence;
	}

	/**
	 * Return the requested sequence name.
	 * @return the sequence name
	 */
	public String getSequence() {
		return this.sequence;
	}

}
