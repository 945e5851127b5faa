/**
 * What the Spring Data integrations of {@link io.github.idgen.entity.SequenceId} share:
 * {@link io.github.idgen.entity.springdata.SequenceIdAssigner} finds the marked
 * identifier through a Spring Data mapping context and fills it, and
 * {@link io.github.idgen.entity.springdata.ReactiveSequenceIds} fills it for the reactive
 * callbacks without blocking the calling thread.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity}, Spring Data
 * Commons (an optional dependency of idgen-core, which every Spring Data module brings)
 * and, for {@code ReactiveSequenceIds} only, Reactor (optional too).
 */
package io.github.idgen.entity.springdata;
