package io.github.idgen.autoconfigure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.jackson.IdGeneratorJacksonAutoConfiguration;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code idgen} property that idgen does not know, such as a misspelled one, stops
 * the application at startup instead of being ignored.
 */
class UnknownPropertyStartupTests {

	private final ApplicationContextRunner bare = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of());

	private final ApplicationContextRunner jdbc = this.bare
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class));

	@ParameterizedTest
	@ValueSource(strings = { "idgen.segment.stpe=5000", "idgen.sequences.order.strat=1000", "idgen.bakend=jdbc",
			"idgen.redis.time.shrad=3", "idgen.redis.key-prefx=x:", "idgen.snowflake.worker-idd=3",
			"idgen.jdbc.tabel=ids", "idgen.sequences.order.format.x=1", "idgen.endpoint.write-enabled=true",
			"idgen.zones=UTC", "idgen.snowflak.worker-id=1" })
	void misspelledPropertyFailsAtStartup(String property) {
		String name = property.substring(0, property.indexOf('='));
		this.jdbc.withPropertyValues(property).run((context) -> assertThat(unbound(context)).containsExactly(name));
	}

	@ParameterizedTest
	@ValueSource(strings = { "orders/eu", "order+v2", "a*b", "\u8ba2\u5355" })
	void sequenceNameThatBindsAsAnotherFailsAtStartupNamingTheBracketedForm(String name) {
		String property = "idgen.sequences." + name + ".start";
		this.jdbc.withPropertyValues(property + "=1000000").run((context) -> {
			IdGeneratorConfigurationException failure = invalidProperty(context, property);
			assertThat(failure.getDescription()).contains("names the sequence '" + name + "'",
					"but Spring Boot binds it to ");
			assertThat(failure.getAction()).contains("'idgen.sequences.[" + name + "].start'");
		});
	}

	@Test
	void sequenceNameUnderARelaxedSpellingOfThePrefixIsCheckedToo() {
		this.jdbc.withPropertyValues("idgen.sequen-ces.orders/eu.start=1000000")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequen-ces.orders/eu.start").getAction())
				.contains("'idgen.sequen-ces.[orders/eu].start'"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "ORDER", "Order", "or_der", "or-der" })
	void sequenceNamesThatSpringBootBindsTogetherFailAtStartup(String other) {
		this.jdbc
			.withPropertyValues("idgen.sequences.order.max-value=20", "idgen.sequences.order.cycle=true",
					"idgen.sequences." + other + ".start=1")
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context,
						"idgen.sequences." + other + ".start");
				assertThat(failure.getDescription()).contains("name the sequences 'order' and '" + other + "'",
						"which Spring Boot binds together");
				assertThat(failure.getAction()).contains("'idgen.sequences.[order].max-value'",
						"'idgen.sequences.[" + other + "].start'");
			});
	}

	@Test
	void sequenceNamesInBracketsThatDifferInCaseKeepTheirOwnSettings() {
		this.jdbc
			.withPropertyValues("idgen.sequences.[order].max-value=20", "idgen.sequences.[order].cycle=true",
					"idgen.sequences.[ORDER].start=1000000")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextIds("order", 21)).startsWith(1, 2).endsWith(20, 1);
				assertThat(ids.nextIds("ORDER", 25)).startsWith(1_000_000).endsWith(1_000_024);
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "[orders/eu]", "[order+v2]", "[\u8ba2\u5355]", "order_v2", "Order", "ORDER-x" })
	void sequenceNameThatBindsAsWrittenStartsFromItsSettings(String key) {
		String name = key.replaceAll("^\\[|\\]$", "");
		this.jdbc.withPropertyValues("idgen.sequences." + key + ".start=1000000")
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextId(name)).isEqualTo(1_000_000));
	}

	@Test
	void misspelledBackendFailsAtStartupWithoutAStore() {
		this.bare.withPropertyValues("idgen.bakend=snowflake", "idgen.snowflake.worker-id=1")
			.run((context) -> assertThat(unbound(context)).containsExactly("idgen.bakend"));
	}

	@Test
	void misspelledBackendIsReportedRatherThanTheAmbiguousStores() {
		this.jdbc.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("idgen.bakend=jdbc")
			.run((context) -> assertThat(unbound(context)).containsExactly("idgen.bakend"));
	}

	@Test
	void misspelledSnowflakePropertyFailsAtStartup() {
		this.bare
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.worker-id=1",
					"idgen.snowflake.sequence-bit=12")
			.run((context) -> assertThat(unbound(context)).containsExactly("idgen.snowflake.sequence-bit"));
	}

	@Test
	void everyMisspelledPropertyIsNamed() {
		this.jdbc
			.withPropertyValues("idgen.segment.stpe=5000", "idgen.sequences.order.strat=1000",
					"idgen.sequences.invoice.step=1000")
			.run((context) -> assertThat(unbound(context)).containsExactlyInAnyOrder("idgen.segment.stpe",
					"idgen.sequences.order.strat"));
	}

	@Test
	void relaxedFormsOfKnownPropertiesStart() {
		this.jdbc
			.withPropertyValues("idgen.redis.keyprefix=x:", "idgen.segment.minStep=1000",
					"idgen.sequences.order.max_value=9")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void systemPropertiesAreNotCheckedLikeEnvironmentVariables() {
		this.jdbc.withSystemProperties("idgen.test.postgres.url=jdbc:postgresql://localhost/test")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void knownPropertiesStart() {
		this.jdbc
			.withPropertyValues("idgen.segment.step=2000", "idgen.segment.min-step=1000",
					"idgen.sequences.order.start=7", "idgen.sequences.order.step=1000",
					"idgen.sequences.invoice.format=INV{yyyyMMdd}{seq:4}", "idgen.sequences.invoice.reset=daily",
					"idgen.redis.time.nodes[0]=redis://127.0.0.1:1", "idgen.redis.time.shard=2",
					"idgen.snowflake.workerId=3", "idgen.jdbc.initialize-schema=embedded",
					"idgen.metrics.max-sequences=10", "idgen.zone=UTC")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(7);
			});
	}

	@Test
	void jacksonPropertiesStartAndMisspelledOnesFail() {
		ApplicationContextRunner jackson = this.jdbc.withConfiguration(
				AutoConfigurations.of(JacksonAutoConfiguration.class, IdGeneratorJacksonAutoConfiguration.class));
		jackson.withPropertyValues("idgen.jackson.ids-as-strings=true")
			.run((context) -> assertThat(context).hasNotFailed());
		jackson.withPropertyValues("idgen.jackson.ids-as-string=true")
			.run((context) -> assertThat(unbound(context)).containsExactly("idgen.jackson.ids-as-string"));
	}

	private static String[] unbound(AssertableApplicationContext context) {
		assertThat(context).hasFailed();
		Throwable failure = context.getStartupFailure();
		while (failure != null && !(failure instanceof UnboundConfigurationPropertiesException)) {
			failure = failure.getCause();
		}
		assertThat(failure).as("cause of %s", context.getStartupFailure())
			.isInstanceOf(UnboundConfigurationPropertiesException.class);
		return ((UnboundConfigurationPropertiesException) failure).getUnboundProperties()
			.stream()
			.map(ConfigurationProperty::getName)
			.map(Object::toString)
			.toArray(String[]::new);
	}

}
