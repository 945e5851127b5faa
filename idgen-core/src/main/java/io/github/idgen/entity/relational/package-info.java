/**
 * {@link io.github.idgen.entity.SequenceId} for Spring Data JDBC:
 * {@link io.github.idgen.entity.relational.RelationalSequenceIdCallback}, a thin adapter
 * of {@link io.github.idgen.entity.springdata.SequenceIdAssigner}.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity},
 * {@code io.github.idgen.entity.springdata} and Spring Data Relational (an optional
 * dependency of idgen-core).
 */
package io.github.idgen.entity.relational;
