/**
 * {@link io.github.idgen.entity.SequenceId} for Spring Data MongoDB:
 * {@link io.github.idgen.entity.mongo.MongoSequenceIdCallback} for {@code MongoTemplate}
 * and {@link io.github.idgen.entity.mongo.ReactiveMongoSequenceIdCallback} for
 * {@code ReactiveMongoTemplate}, thin adapters of
 * {@link io.github.idgen.entity.springdata.SequenceIdAssigner}. The MongoDB backend of
 * idgen itself lives in {@code io.github.idgen.mongo}.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity},
 * {@code io.github.idgen.entity.springdata}, Spring Data MongoDB and, for the reactive
 * callback, Reactor (optional dependencies of idgen-core).
 */
package io.github.idgen.entity.mongo;
