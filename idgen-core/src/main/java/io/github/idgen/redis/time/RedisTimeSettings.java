package io.github.idgen.redis.time;

import java.time.Duration;

/**
 * How a {@link RedisTimeSequence} reserves and composes its IDs.
 *
 * @param layout the bit layout of the IDs; every instance of a sequence must use the same
 * @param shard the shard put into every ID, within {@code [0, layout.maxShard()]}
 * @param keyPrefix the prefix of the Redis keys, without braces
 * @param maxAhead how far a node may run ahead of its clock when the sequence values of
 * its last millisecond are used up, whole milliseconds, at most an hour
 * @param maxWait how long a caller waits, at most, for a node's clock to catch up before
 * it gives up, at most an hour
 */
public record RedisTimeSettings(RedisTimeLayout layout, int shard, String keyPrefix, Duration maxAhead,
		Duration maxWait) {

	/**
	 * The default key prefix.
	 */
	public static final String DEFAULT_KEY_PREFIX = "idgen:";

	/**
	 * The default of how far a node may run ahead of its clock.
	 */
	public static final Duration DEFAULT_MAX_AHEAD = Duration.ofMillis(5);

	/**
	 * The default of how long a caller waits for a node's clock to catch up.
	 */
	public static final Duration DEFAULT_MAX_WAIT = Duration.ofMillis(5);

	private static final Duration MAX_DURATION = Duration.ofHours(1);

	/**
	 * Create settings, checking every value.
	 * @param layout the bit layout of the IDs
	 * @param shard the shard put into every ID
	 * @param keyPrefix the prefix of the Redis keys
	 * @param maxAhead how far a node may run ahead of its clock
	 * @param maxWait how long a caller waits for a node's clock to catch up
	 * @throws IllegalArgumentException if a value is not valid, naming it and the reason
	 */
	public RedisTimeSettings {
		if (layout == null) {
			throw new IllegalArgumentException("layout must not be null");
		}
		if (shard < 0 || shard > layout.maxShard()) {
			throw new IllegalArgumentException("shard must lie within [0, " + layout.maxShard() + "] ("
					+ layout.shardBits() + " shard bits) but was " + shard);
		}
		if (keyPrefix == null) {
			throw new IllegalArgumentException("keyPrefix must not be null");
		}
		if (keyPrefix.indexOf('{') >= 0 || keyPrefix.indexOf('}') >= 0) {
			throw new IllegalArgumentException(
					"keyPrefix must not contain '{' or '}', which would change the hash tag of the keys, but was '"
							+ keyPrefix + "'");
		}
		requireWithinLimit("maxAhead", maxAhead);
		if (maxAhead.getNano() % 1_000_000 != 0) {
			throw new IllegalArgumentException("maxAhead must be whole milliseconds but was " + maxAhead);
		}
		requireWithinLimit("maxWait", maxWait);
	}

	private static void requireWithinLimit(String name, Duration duration) {
		if (duration == null || duration.isNegative() || duration.compareTo(MAX_DURATION) > 0) {
			throw new IllegalArgumentException(
					name + " must lie within [" + Duration.ZERO + ", " + MAX_DURATION + "] but was " + duration);
		}
	}

	/**
	 * Return the default settings: the {@link RedisTimeLayout#DEFAULT default layout},
	 * shard 0, {@link #DEFAULT_KEY_PREFIX}, {@link #DEFAULT_MAX_AHEAD} and
	 * {@link #DEFAULT_MAX_WAIT}.
	 * @return the default settings
	 */
	public static RedisTimeSettings defaults() {
		return new RedisTimeSettings(RedisTimeLayout.DEFAULT, 0, DEFAULT_KEY_PREFIX, DEFAULT_MAX_AHEAD,
				DEFAULT_MAX_WAIT);
	}

}
