package io.github.idgen.entity.mybatis;

/**
 * Thrown before a MyBatis insert runs when an entity it writes has an identifier marked
 * {@link io.github.idgen.entity.SequenceId} that the application set, and the annotation
 * does not {@link io.github.idgen.entity.SequenceId#allowAssigned() allow} assigned
 * identifiers. No identifier is drawn and no row is written. The message names the
 * entity, the identifier and the fix.
 */
public class AssignedSequenceIdException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	/**
	 * Create an exception.
	 * @param message what is wrong and how to fix it, naming the entity and the property
	 */
	public AssignedSequenceIdException(String message) {
		super(message);
	}

}
