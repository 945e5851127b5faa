package io.github.idgen.entity;

/**
 * Thrown at startup when {@link SequenceId} marks something it cannot fill: a property
 * that is not the identifier, or, with Spring Data, an identifier of a type idgen cannot
 * fill. A Spring Data entity that the mapping context did not know at startup throws it
 * on its first save. The message names the entity, the property and the fix.
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
