package io.github.idgen.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when the given backend serves at least one sequence, as
 * {@link BackendSelection} decides.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnBackendCondition.class)
public @interface ConditionalOnBackend {

	/**
	 * The backend that must be in use.
	 * @return the backend
	 */
	Backend value();

}
