/**
 * The Hibernate ORM integration of {@link io.github.idgen.entity.SequenceId}: a
 * before-insert identifier generator that draws from the application's
 * {@link io.github.idgen.IdGenerator}.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity} and Hibernate ORM
 * (optional for the rest of idgen).
 */
package io.github.idgen.entity.hibernate;
