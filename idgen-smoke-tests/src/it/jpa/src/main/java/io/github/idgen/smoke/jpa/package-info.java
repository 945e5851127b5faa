/**
 * The JPA smoke application: Hibernate entities marked {@code @SequenceId}.
 */
package io.github.idgen.smoke.jpa;
