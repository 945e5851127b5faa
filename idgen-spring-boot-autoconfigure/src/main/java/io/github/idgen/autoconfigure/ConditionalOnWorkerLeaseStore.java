package io.github.idgen.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;

/**
 * Matches when the snowflake backend is in use and leases its worker id from the given
 * store, as {@link WorkerIdSelection} decides.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnWorkerLeaseStoreCondition.class)
@interface ConditionalOnWorkerLeaseStore {

	/**
	 * The store the worker id must be leased from.
	 * @return the store's backend
	 */
	Backend value();

}
