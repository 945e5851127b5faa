/**
 * {@link io.github.idgen.entity.SequenceId} for Spring Data R2DBC:
 * {@link io.github.idgen.entity.r2dbc.R2dbcSequenceIdCallback}, a thin adapter of
 * {@link io.github.idgen.entity.springdata.ReactiveSequenceIds}.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity},
 * {@code io.github.idgen.entity.springdata}, Spring Data R2DBC and Reactor (optional
 * dependencies of idgen-core).
 */
package io.github.idgen.entity.r2dbc;
