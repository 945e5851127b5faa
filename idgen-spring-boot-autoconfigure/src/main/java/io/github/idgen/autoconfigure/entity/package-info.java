/**
 * Auto-configuration of {@link io.github.idgen.entity.SequenceId} for the persistence
 * libraries on the classpath: JPA (Hibernate), Spring Data JDBC, Spring Data MongoDB and
 * MyBatis.
 * <p>
 * Dependencies: {@code io.github.idgen.autoconfigure} (its properties), the core's
 * {@code entity} packages, and each library, optionally.
 */
package io.github.idgen.autoconfigure.entity;
