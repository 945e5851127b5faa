package io.github.idgen.entity;

/**
 * The identifier of one entity that is marked {@link SequenceId}, as a persistence
 * library maps it: what a {@link SequenceIdCheck} checks.
 *
 * @param entity the entity's name
 * @param property the identifier's name
 * @param type the identifier's type
 * @param sequence the sequence the identifier is drawn from
 */
public record SequenceIdProperty(String entity, String property, SequenceIdType type, String sequence) {

}
