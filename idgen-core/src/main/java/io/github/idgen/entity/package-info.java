/**
 * Identifiers of entities, aggregates and documents drawn from idgen sequences:
 * {@link io.github.idgen.entity.SequenceId} and the identifier types it supports. The
 * integrations live in sub-packages, one per persistence library.
 * <p>
 * Dependencies: {@code io.github.idgen}; the annotation is meta-annotated with
 * Hibernate's {@code @IdGeneratorType}, which the JVM ignores when Hibernate is absent.
 */
package io.github.idgen.entity;
