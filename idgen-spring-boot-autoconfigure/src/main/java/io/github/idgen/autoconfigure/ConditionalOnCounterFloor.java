package io.github.idgen.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when a backend in use keeps the durable floor of its counters in the store of
 * the given backend: its {@code idgen.<backend>.floor-source} names the given backend.
 * The backend that keeps the floors contributes them under this condition, so that
 * neither of the two names the other.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnCounterFloorCondition.class)
public @interface ConditionalOnCounterFloor {

	/**
	 * The name of the property of a backend, under {@code idgen.<backend>}, that names
	 * the backend whose store keeps its counter floors, or {@value #NONE}.
	 */
	String FLOOR_SOURCE = "floor-source";

	/**
	 * The value of {@value #FLOOR_SOURCE} that asks for no floor.
	 */
	String NONE = "none";

	/**
	 * The backend whose store keeps the floors.
	 * @return the backend
	 */
	Backend value();

}
