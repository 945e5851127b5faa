package io.github.idgen.redis.time;

import java.time.Instant;

/**
 * The fields of an ID of a {@link RedisTimeSequence}, as
 * {@link RedisTimeLayout#decode(long)} returns them.
 *
 * @param time the millisecond in which the ID was reserved, by the clock of the Redis
 * node that reserved it
 * @param shard the shard the ID was reserved for
 * @param sequence the sequence value that tells the IDs of one millisecond and shard
 * apart; modulo the number of nodes of the sequence it is the index of the node that
 * reserved the ID
 */
public record RedisTimeId(Instant time, int shard, long sequence) {

}
