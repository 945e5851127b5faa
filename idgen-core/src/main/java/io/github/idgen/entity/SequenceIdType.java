package io.github.idgen.entity;

import java.util.Optional;
import java.util.OptionalLong;

import io.github.idgen.IdGenerator;

/**
 * The Java types an identifier marked {@link SequenceId} may have, and how each draws its
 * value.
 */
public enum SequenceIdType {

	/**
	 * {@code Long} or {@code long}: {@link IdGenerator#nextId(String)}.
	 */
	NUMBER {

		@Override
		public Object next(IdGenerator ids, String sequence) {
			return ids.nextId(sequence);
		}

		@Override
		public Optional<Object> nextIfReady(IdGenerator ids, String sequence) {
			OptionalLong id = ids.sequence(sequence).nextIfReady();
			return id.isPresent() ? Optional.of(id.getAsLong()) : Optional.empty();
		}

	},

	/**
	 * {@code String}: {@link IdGenerator#nextFormattedId(String)}, for a sequence with a
	 * format.
	 */
	TEXT {

		@Override
		public Object next(IdGenerator ids, String sequence) {
			return ids.nextFormattedId(sequence);
		}

		@Override
		public Optional<Object> nextIfReady(IdGenerator ids, String sequence) {
			return ids.sequence(sequence).nextFormattedIfReady().map(Object.class::cast);
		}

	};

	/**
	 * Draw the next identifier of a sequence.
	 * @param ids the generator
	 * @param sequence the sequence name
	 * @return the identifier, of this type
	 */
	public abstract Object next(IdGenerator ids, String sequence);

	/**
	 * Draw the next identifier of a sequence if the generator has one ready, never
	 * waiting for its backend.
	 * @param ids the generator
	 * @param sequence the sequence name
	 * @return the identifier, of this type, or empty if drawing it would wait; nothing
	 * was drawn then
	 * @see io.github.idgen.Sequence#nextIfReady()
	 */
	public abstract Optional<Object> nextIfReady(IdGenerator ids, String sequence);

	/**
	 * Return whether an identifier counts as set: not {@code null}, and if it is a
	 * primitive {@code long}, not {@code 0} (a {@code Long} set to {@code 0} is set), as
	 * Spring Data tells new entities.
	 * @param value the identifier's current value
	 * @param primitive whether the identifier is declared as a primitive {@code long}
	 * @return whether it is set
	 */
	public static boolean isSet(Object value, boolean primitive) {
		return value != null && !(primitive && value.equals(0L));
	}

	/**
	 * Return the type of an identifier declared as the given Java type.
	 * @param entity the entity's name, for the message
	 * @param property the identifier's name, for the message
	 * @param javaType the identifier's declared type
	 * @return the type
	 * @throws IllegalArgumentException naming the entity, the property and the fix if the
	 * type cannot hold an idgen identifier
	 */
	public static SequenceIdType of(String entity, String property, Class<?> javaType) {
		if (javaType == Long.class || javaType == long.class) {
			return NUMBER;
		}
		if (javaType == String.class) {
			return TEXT;
		}
		throw new IllegalArgumentException("@SequenceId on " + entity + "." + property + ": the identifier is a "
				+ javaType.getName() + ", and idgen draws 64-bit numbers or formatted text. Declare " + property
				+ " as Long or long, or as String for a sequence with a format (idgen.sequences.<name>.format).");
	}

	/**
	 * Return the sequence a {@link SequenceId} names, or else the default.
	 * @param annotation the annotation
	 * @param defaultName the name of the table or collection the entity is stored in
	 * @return the sequence name
	 */
	public static String sequenceName(SequenceId annotation, String defaultName) {
		return annotation.value().isEmpty() ? defaultName : annotation.value();
	}

}
