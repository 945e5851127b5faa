package io.github.idgen.autoconfigure.jackson;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes a {@code long[]} as a JSON array of strings, such as {@code ["1","2"]}.
 */
final class LongArrayAsStringsSerializer extends StdSerializer<long[]> {

	/**
	 * The serializer; it holds no state.
	 */
	static final LongArrayAsStringsSerializer INSTANCE = new LongArrayAsStringsSerializer();

	private LongArrayAsStringsSerializer() {
		super(long[].class);
	}

	@Override
	public boolean isEmpty(SerializationContext context, long[] value) {
		return value.length == 0;
	}

	@Override
	public void serialize(long[] value, JsonGenerator generator, SerializationContext context) {
		generator.writeStartArray(value, value.length);
		for (long element : value) {
			generator.writeString(Long.toString(element));
		}
		generator.writeEndArray();
	}

}
