package io.github.idgen;

/**
 * Thrown when a backend hands out a value at or below one that was already handed out for
 * the same sequence: its counter was lost or went back (a Redis restart without
 * persistence, a flushed database, a replica promoted while behind). Issuing IDs from it
 * would repeat IDs, so the sequence refuses to until an operator restores the counter.
 */
public class CounterLostException extends IdGenerationException {

	private final String sequence;

	/**
	 * Create a new exception.
	 * @param sequence the sequence whose counter was lost
	 * @param message the detail message
	 */
	public CounterLostException(String sequence, String message) {
		super(message);
		this.sequence = sequence;
	}

	/**
	 * Return the sequence whose counter was lost.
	 * @return the sequence name
	 */
	public String getSequence() {
		return this.sequence;
	}

}
