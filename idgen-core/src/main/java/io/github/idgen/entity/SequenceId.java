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
 * format. An identifier that is already set ({@code 0} counts as unset for {@code long})
 * is left alone.
 * <p>
 * With JPA the annotation is a Hibernate identifier generator ({@link IdGeneratorType})
 * that runs before the insert, so JDBC batching keeps working and no SQL is issued for
 * the identifier. With Spring Data JDBC and Spring Data MongoDB, the starter fills the
 * identifier in a {@code BeforeConvertCallback}. Without Hibernate on the classpath, the
 * meta-annotation is not read and does no harm.
 */
@Target({ ElementType.FIELD, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@IdGeneratorType(SequenceIdGenerator.class)
public @interface SequenceId {

	/**
	 * The sequence to draw from; empty for the name of the table or collection the entity
	 * is stored in (the root table of an entity hierarchy).
	 * @return the sequence name, or empty
	 */
	String value() default "";

}
