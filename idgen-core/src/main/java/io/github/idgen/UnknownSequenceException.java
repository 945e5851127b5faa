package io.github.idgen;

/**
 * Thrown when a sequence is requested that is not configured and unknown sequences are
 * rejected ({@code idgen.unknown-sequences=reject}).
 */
public class UnknownSequenceException extends IdGenerationException {

	private final String sequence;

	/**
	 * Create a new exception.
	 * @param sequence the requested sequence name
	 */
	public UnknownSequenceException(String sequence) {
		super("Unknown sequence '" + sequence + "': configure it under idgen.sequences or set "
				+ "idgen.unknown-sequences to 'create' or 'share'");
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
