package io.github.idgen.redis;

/**
 * How the Redis backend serves a sequence.
 */
public enum RedisMode {

	/**
	 * Segments reserved with INCRBY and served from memory.
	 */
	SEGMENT,

	/**
	 * One INCR per ID: strictly sequential across all instances, one round trip per ID.
	 */
	INCREMENT,

	/**
	 * IDs composed from Redis TIME, a shard and a per-millisecond counter.
	 */
	TIME

}
