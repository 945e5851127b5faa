package io.github.idgen.entity;

/**
 * Thrown at startup when {@link SequenceId} marks something it cannot fill: a property
 * that is not the identifier. The message names the entity, the property and the fix.
 */
public class SequenceIdMappingException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	/**
	 * Create an exception.
	 * @param message what is wrong and how to fix it, naming the entity and the property
	 */
	public SequenceIdMappingException(String message) {
		super(message);
	}

}
