/**
 * {@link io.github.idgen.entity.SequenceId} for MyBatis:
 * {@link io.github.idgen.entity.mybatis.MyBatisSequenceIdInterceptor}, which fills the
 * identifiers of the entities an insert statement writes before it runs.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.entity} and MyBatis (an
 * optional dependency of idgen-core).
 */
package io.github.idgen.entity.mybatis;
