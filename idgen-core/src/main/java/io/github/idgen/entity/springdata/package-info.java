/**
 * What the Spring Data integrations of {@link io.github.idgen.entity.SequenceId} share:
 * {@link io.github.idgen.entity.springdata.SequenceIdAssigner} finds the marked
 * identifier through a Spring Data mapping context and fills it.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity} and Spring Data
 * Commons (an optional dependency of idgen-core, which Spring Data JDBC and Spring Data
 * MongoDB bring).
 */
package io.github.idgen.entity.springdata;
