package io.github.idgen.autoconfigure.snowflake;

import java.util.Map;
import java.util.Optional;

import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.SnowflakeId;

/**
 * Decodes snowflake IDs: their timestamp, datacenter, worker and sequence.
 */
final class SnowflakeIdDecoder implements IdDecoder {

	private final BitLayout layout;

	SnowflakeIdDecoder(BitLayout layout) {
		this.layout = layout;
	}

	@Override
	public String name() {
		return "snowflake";
	}

	@Override
	public Optional<Map<String, Object>> decode(long id) {
		SnowflakeId fields;
		try {
			fields = this.layout.decode(id);
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
		return Optional
			.of(Map.of("timestamp", fields.timestamp().toString(), "millis", fields.timestamp().toEpochMilli(),
					"datacenter", fields.datacenter(), "worker", fields.worker(), "sequence", fields.sequence()));
	}

}
