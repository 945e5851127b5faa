package io.github.idgen.autoconfigure.jackson;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * IDs in JSON as strings through the application's {@link JsonMapper}, as Spring Boot's
 * Jackson auto-configuration creates it with the {@link IdsAsStringsModule} of
 * {@link IdGeneratorJacksonAutoConfiguration}. Jackson 3 writes the properties of a
 * record in the order of its components, those of a class in alphabetical order.
 */
class IdGeneratorJacksonAutoConfigurationTests {

	/**
	 * 2^53 + 1, the first integer that a JavaScript number cannot hold.
	 */
	private static final long BEYOND_JAVASCRIPT = 9007199254740993L;

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(JacksonAutoConfiguration.class, IdGeneratorJacksonAutoConfiguration.class));

	@Test
	void bootsJsonMapperHasTheModule() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(IdsAsStringsModule.class);
			assertThat(context.getBean(JsonMapper.class).registeredModules())
				.contains(context.getBean(IdsAsStringsModule.class));
		});
	}

	@Test
	void annotatedTypeWritesItsLongsAsStrings() {
		Order order = new Order(BEYOND_JAVASCRIPT, BEYOND_JAVASCRIPT, new long[] { BEYOND_JAVASCRIPT, 2 },
				List.of(BEYOND_JAVASCRIPT, 3L), new Long[] { 4L, null }, 7, "Ada");
		this.runner.run((context) -> assertThat(json(context.getBean(JsonMapper.class), order))
			.isEqualTo("{\"id\":\"9007199254740993\",\"parentId\":\"9007199254740993\","
					+ "\"lineIds\":[\"9007199254740993\",\"2\"],\"itemIds\":[\"9007199254740993\",\"3\"],"
					+ "\"refs\":[\"4\",null],\"quantity\":7,\"customer\":\"Ada\"}"));
	}

	@Test
	void annotatedTypeWritesItsOptionalsAndMapValuesAsStrings() {
		Map<String, Long> byName = new LinkedHashMap<>();
		byName.put("a", BEYOND_JAVASCRIPT);
		byName.put("b", null);
		Links links = new Links(Optional.of(BEYOND_JAVASCRIPT), Optional.empty(), OptionalLong.of(BEYOND_JAVASCRIPT),
				OptionalLong.empty(), byName, Map.of("c", List.of(5L)));
		this.runner.run((context) -> {
			JsonMapper mapper = context.getBean(JsonMapper.class);
			String json = json(mapper, links);
			assertThat(json).isEqualTo("{\"parent\":\"9007199254740993\",\"none\":null,"
					+ "\"previous\":\"9007199254740993\",\"empty\":null,"
					+ "\"byName\":{\"a\":\"9007199254740993\",\"b\":null},\"nested\":{\"c\":[5]}}");
			Links read = mapper.readValue(json, Links.class);
			assertThat(read.parent()).contains(BEYOND_JAVASCRIPT);
			assertThat(read.none()).isEmpty();
			assertThat(read.previous()).hasValue(BEYOND_JAVASCRIPT);
			assertThat(read.empty()).isEmpty();
			assertThat(read.byName()).isEqualTo(byName);
		});
	}

	@Test
	void longsOfOtherTypesStayNumbers() {
		Plain plain = new Plain(BEYOND_JAVASCRIPT, BEYOND_JAVASCRIPT, new long[] { BEYOND_JAVASCRIPT },
				List.of(BEYOND_JAVASCRIPT));
		this.runner.run((context) -> assertThat(json(context.getBean(JsonMapper.class), plain))
			.isEqualTo("{\"id\":9007199254740993,\"other\":9007199254740993,\"ids\":[9007199254740993],"
					+ "\"list\":[9007199254740993]}"));
	}

	@Test
	void annotatedPropertyAloneIsWrittenAsAString() {
		Line line = new Line(BEYOND_JAVASCRIPT, BEYOND_JAVASCRIPT, BEYOND_JAVASCRIPT);
		this.runner.run((context) -> assertThat(json(context.getBean(JsonMapper.class), line))
			.isEqualTo("{\"id\":9007199254740993,\"orderId\":\"9007199254740993\",\"count\":9007199254740993}"));
	}

	@Test
	void annotatedFieldAndGetterOfAClassAreWrittenAsStrings() {
		Shipment shipment = new Shipment();
		this.runner.run((context) -> assertThat(json(context.getBean(JsonMapper.class), shipment))
			.isEqualTo("{\"carrierId\":\"9007199254740993\",\"id\":\"9007199254740993\",\"weight\":9007199254740993}"));
	}

	@Test
	void nullLongStaysNull() {
		Order order = new Order(1, null, new long[0], List.of(), new Long[0], 0, null);
		this.runner.run((context) -> assertThat(json(context.getBean(JsonMapper.class), order))
			.isEqualTo("{\"id\":\"1\",\"parentId\":null,\"lineIds\":[],\"itemIds\":[],\"refs\":[],"
					+ "\"quantity\":0,\"customer\":null}"));
	}

	@Test
	void annotatedTypeIsReadFromStrings() {
		String json = "{\"customer\":\"Ada\",\"id\":\"9007199254740993\",\"itemIds\":[\"9007199254740993\"],"
				+ "\"lineIds\":[\"9007199254740993\"],\"parentId\":\"9007199254740993\",\"quantity\":7,"
				+ "\"refs\":[\"9007199254740993\",null]}";
		this.runner.run((context) -> assertReadBack(context.getBean(JsonMapper.class).readValue(json, Order.class)));
	}

	@Test
	void annotatedTypeIsReadFromNumbers() {
		String json = "{\"customer\":\"Ada\",\"id\":9007199254740993,\"itemIds\":[9007199254740993],"
				+ "\"lineIds\":[9007199254740993],\"parentId\":9007199254740993,\"quantity\":7,"
				+ "\"refs\":[9007199254740993,null]}";
		this.runner.run((context) -> assertReadBack(context.getBean(JsonMapper.class).readValue(json, Order.class)));
	}

	private static void assertReadBack(Order order) {
		assertThat(order.id()).isEqualTo(BEYOND_JAVASCRIPT);
		assertThat(order.parentId()).isEqualTo(BEYOND_JAVASCRIPT);
		assertThat(order.lineIds()).containsExactly(BEYOND_JAVASCRIPT);
		assertThat(order.itemIds()).containsExactly(BEYOND_JAVASCRIPT);
		assertThat(order.refs()).containsExactly(BEYOND_JAVASCRIPT, null);
		assertThat(order.quantity()).isEqualTo(7);
		assertThat(order.customer()).isEqualTo("Ada");
	}

	@Test
	void globalSwitchWritesEveryLongAsAString() {
		Plain plain = new Plain(BEYOND_JAVASCRIPT, null, new long[] { BEYOND_JAVASCRIPT, 2 },
				Arrays.asList(BEYOND_JAVASCRIPT, null));
		this.runner.withPropertyValues("idgen.jackson.ids-as-strings=true").run((context) -> {
			JsonMapper mapper = context.getBean(JsonMapper.class);
			assertThat(json(mapper, plain)).isEqualTo("{\"id\":\"9007199254740993\",\"other\":null,"
					+ "\"ids\":[\"9007199254740993\",\"2\"],\"list\":[\"9007199254740993\",null]}");
			assertThat(json(mapper, Map.of("count", 3L, "size", 4))).isIn("{\"count\":\"3\",\"size\":4}",
					"{\"size\":4,\"count\":\"3\"}");
			assertThat(json(mapper, BEYOND_JAVASCRIPT)).isEqualTo("\"9007199254740993\"");
			assertThat(json(mapper,
					List.of(Optional.of(BEYOND_JAVASCRIPT), OptionalLong.of(BEYOND_JAVASCRIPT), OptionalLong.empty())))
				.isEqualTo("[\"9007199254740993\",\"9007199254740993\",null]");
		});
	}

	@Test
	void globalSwitchStillReadsStringsAndNumbers() {
		this.runner.withPropertyValues("idgen.jackson.ids-as-strings=true").run((context) -> {
			JsonMapper mapper = context.getBean(JsonMapper.class);
			Plain plain = mapper.readValue(
					"{\"id\":\"9007199254740993\",\"ids\":[\"1\",2],\"list\":[3,\"4\"],\"other\":5}", Plain.class);
			assertThat(plain.id()).isEqualTo(BEYOND_JAVASCRIPT);
			assertThat(plain.ids()).containsExactly(1, 2);
			assertThat(plain.list()).containsExactly(3L, 4L);
			assertThat(plain.other()).isEqualTo(5);
		});
	}

	@Test
	void moduleIsRegisteredWithTheSwitchOff() {
		this.runner.withPropertyValues("idgen.jackson.ids-as-strings=false")
			.run((context) -> assertThat(json(context.getBean(JsonMapper.class), new Line(1, 2, 3L)))
				.isEqualTo("{\"id\":1,\"orderId\":\"2\",\"count\":3}"));
	}

	@Test
	void idgenDisabledRemovesTheModule() {
		this.runner.withPropertyValues("idgen.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(IdsAsStringsModule.class);
			assertThat(json(context.getBean(JsonMapper.class), new Line(1, 2, 3L)))
				.isEqualTo("{\"id\":1,\"orderId\":2,\"count\":3}");
		});
	}

	@Test
	void misspelledPropertyFailsAtStartup() {
		this.runner.withPropertyValues("idgen.jackson.ids-as-string=true")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("idgen.jackson.ids-as-string"));
	}

	private static String json(JsonMapper mapper, Object value) {
		return mapper.writeValueAsString(value);
	}

	@IdsAsStrings
	record Order(long id, Long parentId, long[] lineIds, List<Long> itemIds, Long[] refs, int quantity,
			String customer) {

	}

	@IdsAsStrings
	record Links(Optional<Long> parent, Optional<Long> none, OptionalLong previous, OptionalLong empty,
			Map<String, Long> byName, Map<String, List<Long>> nested) {

	}

	record Line(long id, @IdsAsStrings long orderId, Long count) {

	}

	record Plain(long id, Long other, long[] ids, List<Long> list) {

	}

	static class Shipment {

		@IdsAsStrings
		private final long id = BEYOND_JAVASCRIPT;

		private final long carrierId = BEYOND_JAVASCRIPT;

		private final long weight = BEYOND_JAVASCRIPT;

		public long getId() {
			return this.id;
		}

		@IdsAsStrings
		public long getCarrierId() {
			return this.carrierId;
		}

		public long getWeight() {
			return this.weight;
		}

	}

}
