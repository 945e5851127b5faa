package io.github.idgen.entity;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.hibernate.annotations.IdGeneratorType;

import io.github.idgen.entity.hibernate.SequenceIdGenerator;

/**
 * Marks the identifier of an entity, aggregate or document as drawn from an idgen
 * sequence when the entity is first saved:
 *
 * <pre class="code">
 * &#64;Entity
 * class Order {
 *     &#64;Id &#64;SequenceId("order")
 *     Long id;
 * }
 * </pre>
 *
 * A {@code Long} or {@code long} identifier takes
 * {@link io.github.idgen.IdGenerator#nextId(String)}, a {@code String} one
 * {@link io.github.idgen.IdGenerator#nextFormattedId(String)} of a sequence with a
 * format.
 * <p>
 * An identifier that is already set ({@code 0} counts as unset for {@code long}): with
 * JPA, by default, the entity is not new, as with Hibernate's own
 * {@code @SequenceGenerator}: persisting it fails, merging it when its row is gone fails
 * rather than inserting it again, and a {@code StatelessSession} insert replaces it with
 * a drawn one; {@link #allowAssigned()} keeps it instead. Spring Data JDBC and MongoDB
 * tell a new entity by its unset identifier, and leave a set one alone. A MyBatis insert
 * of an entity with a set identifier fails before it runs, unless
 * {@link #allowAssigned()} keeps it.
 * <p>
 * With JPA the annotation is a Hibernate identifier generator ({@link IdGeneratorType})
 * that runs before the insert, so JDBC batching keeps working and no SQL is issued for
 * the identifier. With Spring Data JDBC and Spring Data MongoDB, the starter fills the
 * identifier in a {@code BeforeConvertCallback}; with MyBatis, an interceptor fills it
 * before each insert statement runs, and the annotation must name the sequence. Without
 * Hibernate on the classpath, the meta-annotation is not read and does no harm.
 */
@Target({ ElementType.FIELD, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@IdGeneratorType(SequenceIdGenerator.class)
public @interface SequenceId {

	/**
	 * The sequence to draw from; empty for the name of the table or collection the entity
	 * is stored in (the root table of an entity hierarchy). MyBatis maps statements, not
	 * tables, and requires it.
	 * @return the sequence name, or empty
	 */
	String value() default "";

	/**
	 * Whether a JPA entity keeps an identifier the application set before persisting it,
	 * and is inserted with it. Hibernate then cannot tell a new entity from a detached
	 * one by its identifier, which costs: merging a detached entity whose row was deleted
	 * inserts it again; merging a new entity with an identifier first queries its row. An
	 * assigned identifier the sequence issues later fails that later insert with a
	 * duplicate key: assign identifiers from another range. With MyBatis, whether an
	 * insert keeps an identifier the application set rather than failing. Spring Data
	 * JDBC and MongoDB ignore this attribute.
	 * @return whether assigned identifiers are kept; {@code false} by default
	 */
	boolean allowAssigned() default false;

}
