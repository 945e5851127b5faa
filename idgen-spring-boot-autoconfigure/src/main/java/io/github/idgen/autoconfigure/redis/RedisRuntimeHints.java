package io.github.idgen.autoconfigure.redis;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What the Redis backend needs in a native image: the Lua scripts that idgen-core loads
 * by name (a segment or increment reservation, the compare-and-set of a striped store,
 * worker ID leases, and the reservation of time mode).
 * <p>
 * Imported by {@link RedisBackendAutoConfiguration}, which an application has whenever
 * idgen is on, rather than by the configurations that need a RedisConnectionFactory:
 * which scripts idgen loads also depends on properties that an application processed
 * ahead of time may change when it runs (such as the mode of a sequence).
 */
class RedisRuntimeHints implements RuntimeHintsRegistrar {

	/**
	 * The scripts of idgen-core's {@code redis} package.
	 */
	static final String SCRIPTS = "io/github/idgen/redis/*.lua";

	/**
	 * The scripts of idgen-core's {@code redis.time} package.
	 */
	static final String TIME_SCRIPTS = "io/github/idgen/redis/time/*.lua";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		hints.resources().registerPattern(SCRIPTS).registerPattern(TIME_SCRIPTS);
	}

}
