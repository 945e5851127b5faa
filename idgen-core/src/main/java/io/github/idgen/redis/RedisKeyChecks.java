package io.github.idgen.redis;

import java.nio.charset.StandardCharsets;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.KeyCheckStore;

/**
 * Keeps the key check values of obfuscated sequences in Redis next to their counters:
 * {@code <prefix>{<counter>}:key-check:<scope>}, in the counter's hash slot, set once
 * (SET NX) and never changed or expired.
 */
public final class RedisKeyChecks implements KeyCheckStore {

	private final RedisConnectionFactory connectionFactory;

	private final RedisKeys keys;

	/**
	 * Create the key checks.
	 * @param connectionFactory the Redis of the counters
	 * @param keys the keys of the counters
	 */
	public RedisKeyChecks(RedisConnectionFactory connectionFactory, RedisKeys keys) {
		this.connectionFactory = connectionFactory;
		this.keys = keys;
	}

	@Override
	public long recordIfAbsent(String counter, String scope, long check) {
		byte[] key = key(counter, scope).getBytes(StandardCharsets.UTF_8);
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			connection.stringCommands()
				.set(key, Long.toString(check).getBytes(StandardCharsets.US_ASCII), Expiration.persistent(),
						SetOption.ifAbsent());
			byte[] recorded = connection.stringCommands().get(key);
			if (recorded == null) {
				throw new BackendUnavailableException(
						"The key check value of counter '" + counter + "' vanished from Redis after it was set");
			}
			return Long.parseLong(new String(recorded, StandardCharsets.US_ASCII));
		}
		catch (RuntimeException ex) {
			if (ex instanceof BackendUnavailableException) {
				throw ex;
			}
			throw new BackendUnavailableException("Could not read or record the key check value of counter '" + counter
					+ "' in Redis: " + ex.getClass().getName(), ex);
		}
	}

	@Override
	public String describe(String counter, String scope) {
		return "the Redis key '" + key(counter, scope) + "'";
	}

	private String key(String counter, String scope) {
		return this.keys.counter(counter) + ":key-check:" + scope;
	}

}
