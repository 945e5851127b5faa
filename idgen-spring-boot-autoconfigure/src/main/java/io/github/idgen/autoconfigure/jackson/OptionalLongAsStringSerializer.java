package io.github.idgen.autoconfigure.jackson;

import java.util.OptionalLong;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes an {@code OptionalLong} as a JSON string when present, such as {@code "1"}, and
 * as {@code null} when empty, as Jackson writes an empty one.
 */
final class OptionalLongAsStringSerializer extends StdSerializer<OptionalLong> {

	/**
	 * The serializer; it holds no state.
	 */
	static final OptionalLongAsStringSerializer INSTANCE = new OptionalLongAsStringSerializer();

	private OptionalLongAsStringSerializer() {
		super(OptionalLong.class);
	}

	@Override
	public boolean isEmpty(SerializationContext context, OptionalLong value) {
		return value.isEmpty();
	}

	@Override
	public void serialize(OptionalLong value, JsonGenerator generator, SerializationContext context) {
		if (value.isPresent()) {
			generator.writeString(Long.toString(value.getAsLong()));
		}
		else {
			generator.writeNull();
		}
	}

}
