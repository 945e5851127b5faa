package io.github.idgen.autoconfigure.redis;

/**
 * Where the Redis backend keeps the durable floor of its counters.
 */
public enum RedisFloorSource {

	/**
	 * No durable floor: only the local high-water mark and the guard key protect against
	 * a lost counter.
	 */
	NONE,

	/**
	 * The idgen JDBC table: raised before every segment is handed out, used to re-seed a
	 * lost counter.
	 */
	JDBC

}
