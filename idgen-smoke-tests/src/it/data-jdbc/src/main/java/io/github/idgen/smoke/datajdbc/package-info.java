/**
 * The Spring Data JDBC smoke application: aggregates marked {@code @SequenceId}, without
 * JPA on the classpath.
 */
package io.github.idgen.smoke.datajdbc;
