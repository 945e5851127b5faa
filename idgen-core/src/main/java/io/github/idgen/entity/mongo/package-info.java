/**
 * {@link io.github.idgen.entity.SequenceId} for Spring Data MongoDB:
 * {@link io.github.idgen.entity.mongo.MongoSequenceIdCallback}, a thin adapter of
 * {@link io.github.idgen.entity.springdata.SequenceIdAssigner}. The MongoDB backend of
 * idgen itself lives in {@code io.github.idgen.mongo}.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity},
 * {@code io.github.idgen.entity.springdata} and Spring Data MongoDB (an optional
 * dependency of idgen-core).
 */
package io.github.idgen.entity.mongo;
