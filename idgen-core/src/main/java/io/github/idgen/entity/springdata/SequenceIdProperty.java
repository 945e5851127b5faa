package io.github.idgen.entity.springdata;

import io.github.idgen.entity.SequenceIdType;

/**
 * The identifier of one persistent entity that is marked
 * {@link io.github.idgen.entity.SequenceId}, as a Spring Data mapping context maps it.
 *
 * @param entity the entity's class name
 * @param property the identifier's name
 * @param type the identifier's type
 * @param sequence the sequence the identifier is drawn from
 */
public record SequenceIdProperty(String entity, String property, SequenceIdType type, String sequence) {

}
