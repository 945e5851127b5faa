package io.github.idgen.autoconfigure.redis;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.redis.RedisKeys;

/**
 * Validates {@code idgen.redis.key-prefix} for every store that keeps keys in Redis.
 */
final class RedisKeyPrefix {

	private RedisKeyPrefix() {
	}

	/**
	 * Return the keys of the given prefix.
	 * @throws IdGeneratorConfigurationException naming {@code idgen.redis.key-prefix} if
	 * the prefix is not valid
	 */
	static RedisKeys keys(String prefix) {
		try {
			return new RedisKeys(prefix);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.redis.key-prefix", prefix,
					"idgen.redis.key-prefix is '" + prefix + "', which is not a valid key prefix: " + ex.getMessage(),
					"Set idgen.redis.key-prefix to a prefix without braces or control characters, such as 'idgen:'.");
		}
	}

}
