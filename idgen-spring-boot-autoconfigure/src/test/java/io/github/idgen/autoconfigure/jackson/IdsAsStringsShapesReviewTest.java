package io.github.idgen.autoconfigure.jackson;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.ser.std.StdSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of issue 17's Jackson change: the shapes that {@code @IdsAsStrings} and the
 * global switch now write as strings, and the neighbours they must leave alone.
 */
class IdsAsStringsShapesReviewTest {

	private static final long BIG = 9007199254740993L;

	private final JsonMapper annotated = JsonMapper.builder().addModule(new IdsAsStringsModule(false)).build();

	private final JsonMapper global = JsonMapper.builder().addModule(new IdsAsStringsModule(true)).build();

	private final JsonMapper plain = JsonMapper.builder().build();

	@IdsAsStrings
	record Absent(@JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalLong a,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) OptionalLong b,
			@JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Long> c,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) Optional<Long> d) {
	}

	@Test
	void emptyOptionalsAreLeftOutUnderNonAbsentAndNonEmpty() {
		Absent value = new Absent(OptionalLong.empty(), OptionalLong.empty(), Optional.empty(), Optional.empty());
		assertThat(this.annotated.writeValueAsString(value)).isEqualTo("{}");
		assertThat(this.global.writeValueAsString(value)).isEqualTo("{}");
		Absent present = new Absent(OptionalLong.of(BIG), OptionalLong.of(1), Optional.of(BIG), Optional.of(2L));
		assertThat(this.annotated.writeValueAsString(present))
			.isEqualTo("{\"a\":\"9007199254740993\",\"b\":\"1\",\"c\":\"9007199254740993\",\"d\":\"2\"}");
	}

	@IdsAsStrings
	record Shapes(OptionalLong ol, Optional<Long> o, Map<Long, Long> byId, AtomicReference<Long> ref,
			AtomicLong counter) {
	}

	@Test
	void everyNewShapeIsReadBackFromStringsAndFromNumbers() {
		for (String json : List.of(
				"{\"ol\":\"9007199254740993\",\"o\":\"9007199254740993\",\"byId\":{\"9007199254740993\":\"9007199254740993\"},\"ref\":\"9007199254740993\",\"counter\":\"9007199254740993\"}",
				"{\"ol\":9007199254740993,\"o\":9007199254740993,\"byId\":{\"9007199254740993\":9007199254740993},\"ref\":9007199254740993,\"counter\":9007199254740993}")) {
			for (JsonMapper mapper : List.of(this.annotated, this.global)) {
				Shapes read = mapper.readValue(json, Shapes.class);
				assertThat(read.ol()).hasValue(BIG);
				assertThat(read.o()).contains(BIG);
				assertThat(read.byId()).containsEntry(BIG, BIG);
				assertThat(read.ref().get()).isEqualTo(BIG);
				assertThat(read.counter().get()).isEqualTo(BIG);
			}
		}
	}

	@Test
	void mapWithLongKeysWritesKeysAsJsonKeysAndValuesAsStrings() {
		Shapes value = new Shapes(OptionalLong.of(BIG), Optional.of(BIG), Map.of(BIG, BIG), new AtomicReference<>(BIG),
				new AtomicLong(BIG));
		assertThat(this.annotated.writeValueAsString(value))
			.isEqualTo("{\"ol\":\"9007199254740993\",\"o\":\"9007199254740993\","
					+ "\"byId\":{\"9007199254740993\":\"9007199254740993\"},\"ref\":\"9007199254740993\","
					+ "\"counter\":\"9007199254740993\"}");
	}

	@IdsAsStrings
	record Neighbours(Optional<String> name, Optional<List<Long>> ids, Map<String, Object> any, AtomicLong counter,
			Optional<Integer> small) {
	}

	@Test
	void neighboursWithOtherContentAreLeftAlone() {
		Map<String, Object> any = new LinkedHashMap<>();
		any.put("n", BIG);
		Neighbours value = new Neighbours(Optional.of("x"), Optional.of(List.of(BIG)), any, new AtomicLong(BIG),
				Optional.of(3));
		assertThat(this.annotated.writeValueAsString(value))
			.isEqualTo("{\"name\":\"x\",\"ids\":[9007199254740993],\"any\":{\"n\":9007199254740993},"
					+ "\"counter\":\"9007199254740993\",\"small\":3}");
	}

	@Test
	void globalSwitchCoversAtomicLongToo() {
		assertThat(this.global.writeValueAsString(Map.of("counter", new AtomicLong(BIG))))
			.isEqualTo("{\"counter\":\"9007199254740993\"}");
	}

	/**
	 * Writes a Long as a JSON object, standing for an application's own serializer.
	 */
	static final class Wrapped extends StdSerializer<Long> {

		Wrapped() {
			super(Long.class);
		}

		@Override
		public void serialize(Long value, JsonGenerator generator, SerializationContext context) {
			generator.writeStartObject();
			generator.writeNumberProperty("v", value);
			generator.writeEndObject();
		}

	}

	record OwnContentSerializerPlain(@JsonSerialize(contentUsing = Wrapped.class) Map<String, Long> byName,
			@JsonSerialize(contentUsing = Wrapped.class) Optional<Long> one,
			@JsonSerialize(contentUsing = Wrapped.class) List<Long> list) {
	}

	@IdsAsStrings
	record OwnContentSerializerAnnotated(@JsonSerialize(contentUsing = Wrapped.class) Map<String, Long> byName,
			@JsonSerialize(contentUsing = Wrapped.class) Optional<Long> one,
			@JsonSerialize(contentUsing = Wrapped.class) List<Long> list) {
	}

	@Test
	void propertysOwnContentSerializerIsUsedWithoutIdsAsStrings() {
		assertThat(this.plain
			.writeValueAsString(new OwnContentSerializerPlain(Map.of("a", 1L), Optional.of(2L), List.of(3L))))
			.isEqualTo("{\"byName\":{\"a\":{\"v\":1}},\"one\":{\"v\":2},\"list\":[{\"v\":3}]}");
	}

	@Test
	void propertysOwnContentSerializerWinsOverTheTypeLevelIdsAsStrings() {
		assertThat(this.annotated
			.writeValueAsString(new OwnContentSerializerAnnotated(Map.of("a", 1L), Optional.of(2L), List.of(3L))))
			.isEqualTo("{\"byName\":{\"a\":{\"v\":1}},\"one\":{\"v\":2},\"list\":[{\"v\":3}]}");
	}

	@IdsAsStrings
	record Polymorphic(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Optional<Object> any, Optional<Long> id) {
	}

	@Test
	void polymorphicOptionalIsUnaffected() {
		assertThat(this.annotated.writeValueAsString(new Polymorphic(Optional.of(BIG), Optional.of(BIG))))
			.isEqualTo(this.plain.writeValueAsString(new Polymorphic(Optional.of(BIG), Optional.empty()))
				.replace("\"id\":null", "\"id\":\"9007199254740993\""));
	}

}
