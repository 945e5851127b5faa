package io.github.idgen.smoke.mongoreactive;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

import io.github.idgen.entity.SequenceId;

/**
 * An order, its identifier drawn from the sequence {@code orders}, named after its
 * collection.
 *
 * @param id the identifier
 * @param customer who placed it
 */
@Document("orders")
record PlacedOrder(@Id @SequenceId Long id, String customer) {
}
