package io.github.idgen.smoke;

import java.util.Map;

import org.springframework.context.ApplicationContext;

/**
 * What a smoke application checks in its store: that the store holds the counters of the
 * IDs it drew.
 */
@FunctionalInterface
public interface StoreCheck {

	/**
	 * Check that the store of the application served the IDs drawn.
	 * @param context the running application
	 * @param highestIds the highest ID drawn per sequence
	 * @return what was found, for the summary line
	 * @throws IllegalStateException if the store does not hold what it should
	 */
	String check(ApplicationContext context, Map<String, Long> highestIds);

}
