package io.github.idgen.server.http;

import java.util.List;
import java.util.Optional;

import org.springframework.beans.factory.ObjectProvider;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.autoconfigure.SequenceRouting;

/**
 * Finds the {@link IdDecoder} of a sequence whose backend composes its IDs from fields:
 * the snowflake layout for a sequence of the snowflake backend, the Redis time layout for
 * one of the Redis backend in time mode. Other sequences' IDs are plain counter values,
 * which no layout decodes.
 */
class IdDecoders {

	private static final String SNOWFLAKE = "snowflake";

	private static final String REDIS_TIME = "redisTime";

	private static final String TIME_MODE = "time";

	private final ObjectProvider<SequenceRouting> routing;

	private final List<IdDecoder> decoders;

	IdDecoders(ObjectProvider<SequenceRouting> routing, List<IdDecoder> decoders) {
		this.routing = routing;
		this.decoders = List.copyOf(decoders);
	}

	/**
	 * Return the decoder of a sequence's IDs.
	 * @param sequence the sequence name
	 * @return the decoder, or empty if its IDs are not composed of fields
	 */
	Optional<IdDecoder> of(String sequence) {
		SequenceRouting routing = this.routing.getIfAvailable();
		if (routing == null) {
			return Optional.empty();
		}
		Backend backend = routing.backendOf(sequence);
		String layout = (backend == Backend.SNOWFLAKE) ? SNOWFLAKE
				: (backend == Backend.REDIS && TIME_MODE.equals(routing.details(sequence).get("mode"))) ? REDIS_TIME
						: null;
		return this.decoders.stream().filter((decoder) -> decoder.name().equals(layout)).findFirst();
	}

}
