/**
 * The MyBatis smoke application: entities marked {@code @SequenceId} inserted through a
 * MyBatis mapper on PostgreSQL.
 */
package io.github.idgen.smoke.mybatis;
