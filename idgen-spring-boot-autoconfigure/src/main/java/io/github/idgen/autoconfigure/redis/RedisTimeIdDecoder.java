package io.github.idgen.autoconfigure.redis;

import java.util.Map;
import java.util.Optional;

import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.redis.time.RedisTimeId;
import io.github.idgen.redis.time.RedisTimeLayout;

/**
 * Decodes the IDs of Redis time mode: their time, shard and sequence.
 */
final class RedisTimeIdDecoder implements IdDecoder {

	private final RedisTimeLayout layout;

	RedisTimeIdDecoder(RedisTimeLayout layout) {
		this.layout = layout;
	}

	@Override
	public String name() {
		return "redisTime";
	}

	@Override
	public Optional<Map<String, Object>> decode(long id) {
		if (id < 0) {
			return Optional.empty();
		}
		RedisTimeId fields = this.layout.decode(id);
		return Optional.of(Map.of("time", fields.time().toString(), "millis", fields.time().toEpochMilli(), "shard",
				fields.shard(), "sequence", fields.sequence()));
	}

}
