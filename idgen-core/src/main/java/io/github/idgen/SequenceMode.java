package io.github.idgen;

/**
 * How a backend that can serve a sequence in several ways serves it. The Redis backend
 * offers all three; the others have no modes.
 */
public enum SequenceMode {

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
