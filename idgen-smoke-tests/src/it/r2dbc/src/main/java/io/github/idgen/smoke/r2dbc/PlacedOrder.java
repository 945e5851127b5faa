package io.github.idgen.smoke.r2dbc;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

import io.github.idgen.entity.SequenceId;

/**
 * An order, its identifier drawn from the sequence {@code orders}, named after its table.
 *
 * @param id the identifier
 * @param customer who placed it
 */
@Table("orders")
record PlacedOrder(@Id @SequenceId Long id, String customer) {
}
