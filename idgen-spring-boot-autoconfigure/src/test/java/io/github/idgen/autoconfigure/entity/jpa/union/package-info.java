/**
 * A table-per-class entity hierarchy marked {@code @SequenceId}, for the counter check.
 */
package io.github.idgen.autoconfigure.entity.jpa.union;
