package io.github.idgen.autoconfigure.diagnostics;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.jackson.IdGeneratorJacksonAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link UnknownPropertyFailureAnalyzer}: an {@code idgen} property that idgen
 * does not know is reported by name, with the property meant when one is close.
 */
@ExtendWith(OutputCaptureExtension.class)
class UnknownPropertyFailureAnalyzerTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class));

	@ParameterizedTest
	@CsvSource({ "idgen.segment.stpe, idgen.segment.step", "idgen.sequences.order.strat, idgen.sequences.order.start",
			"idgen.sequences.order.max-valu, idgen.sequences.order.max-value", "idgen.bakend, idgen.backend",
			"idgen.redis.time.shrad, idgen.redis.time.shard", "idgen.snowflake.worker-idd, idgen.snowflake.worker-id",
			"idgen.snowflak.worker-id, idgen.snowflake.worker-id", "idgen.jdbc.tabel, idgen.jdbc.table",
			"idgen.zones, idgen.zone", "idgen.sequence.order.step, idgen.sequences.order.step",
			"idgen.sequences.v2-orders.fromat, idgen.sequences.v2-orders.format",
			"idgen.segment.prefetchat-x, idgen.segment.prefetch-at" })
	void misspelledPropertyIsNamedWithThePropertyMeant(String misspelled, String meant) {
		FailureAnalysis analysis = analyze(this.runner.withPropertyValues(misspelled + "=1"));
		assertThat(analysis.getDescription()).isEqualTo("idgen does not know the property " + misspelled + " (from \""
				+ misspelled + "\" from property source \"test\"). Did you mean " + meant + "?");
		assertThat(analysis.getAction()).isEqualTo("Rename " + misspelled + " to " + meant + ".");
	}

	@Test
	void misspelledJacksonPropertyIsNamedWithThePropertyMeant() {
		FailureAnalysis analysis = analyze(this.runner
			.withConfiguration(
					AutoConfigurations.of(JacksonAutoConfiguration.class, IdGeneratorJacksonAutoConfiguration.class))
			.withPropertyValues("idgen.jackson.ids-as-string=true"));
		assertThat(analysis.getDescription()).endsWith("Did you mean idgen.jackson.ids-as-strings?");
	}

	@Test
	void propertyWithNothingCloseIsNamedAlone() {
		FailureAnalysis analysis = analyze(this.runner.withPropertyValues("idgen.colour=red"));
		assertThat(analysis.getDescription())
			.isEqualTo("idgen does not know the property idgen.colour (from \"idgen.colour\" from property source "
					+ "\"test\").");
		assertThat(analysis.getAction()).isEqualTo("Remove idgen.colour, or correct it to one of the idgen properties "
				+ "in the configuration reference of the idgen README.");
	}

	@Test
	void everyUnknownPropertyIsNamed() {
		FailureAnalysis analysis = analyze(this.runner.withPropertyValues("idgen.segment.stpe=5000",
				"idgen.sequences.order.strat=10", "idgen.colour=red"));
		assertThat(analysis.getDescription()).isEqualTo("idgen does not know these properties:\n"
				+ "    idgen.colour (from \"idgen.colour\" from property source \"test\")\n"
				+ "    idgen.segment.stpe (from \"idgen.segment.stpe\" from property source \"test\"). Did you mean "
				+ "idgen.segment.step?\n"
				+ "    idgen.sequences.order.strat (from \"idgen.sequences.order.strat\" from property source "
				+ "\"test\"). Did you mean idgen.sequences.order.start?");
		assertThat(analysis.getAction()).isEqualTo("Remove idgen.colour, or correct it to one of the idgen properties "
				+ "in the configuration reference of the idgen README.\n"
				+ "Rename idgen.segment.stpe to idgen.segment.step.\n"
				+ "Rename idgen.sequences.order.strat to idgen.sequences.order.start.");
	}

	@Test
	void valuesAreNotShown() {
		FailureAnalysis analysis = analyze(
				this.runner.withPropertyValues("idgen.redis.time.node=redis://user:secret@redis.internal:6379"));
		assertThat(analysis.getDescription()).contains("idgen.redis.time.node", "Did you mean idgen.redis.time.nodes?")
			.doesNotContain("secret")
			.doesNotContain("redis.internal");
	}

	@Test
	void unknownPropertiesOfOtherPropertiesClassesAreLeftToSpringBoot() {
		Binder binder = new Binder(
				new MapConfigurationPropertySource(Map.of("spring.datasource.urll", "jdbc:h2:mem:x")));
		assertThatExceptionOfType(BindException.class)
			.isThrownBy(() -> binder.bind("spring.datasource", Bindable.of(DataSourceProperties.class),
					new NoUnboundElementsBindHandler(BindHandler.DEFAULT)))
			.satisfies((ex) -> assertThat(new UnknownPropertyFailureAnalyzer().analyze(ex)).isNull());
	}

	@Test
	void springBootPrintsTheReportOfThisAnalyzer(CapturedOutput output) {
		SpringApplication application = new SpringApplication(FailureAnalyzerFixtures.JdbcApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run("--idgen.segment.stpe=5000",
				"--spring.datasource.url=jdbc:h2:mem:unknown-property;DB_CLOSE_DELAY=-1"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Description:\n\nidgen does not know the property idgen.segment.stpe (from ")
			.contains("Did you mean idgen.segment.step?")
			.contains("Action:\n\nRename idgen.segment.stpe to idgen.segment.step.")
			.doesNotContain("Update your application's configuration");
	}

	@Test
	void comesBeforeSpringBootsAnalyzerOfUnboundPropertiesWhereverTheClasspathPutsIt() {
		Throwable[] failure = new Throwable[1];
		this.runner.withPropertyValues("idgen.bakend=jdbc").run((context) -> failure[0] = context.getStartupFailure());
		FailureAnalysis analysis = FailureAnalyzerFixtures.firstAnalysis(failure[0],
				UnknownPropertyFailureAnalyzer.class,
				"org.springframework.boot.diagnostics.analyzer.UnboundConfigurationPropertyFailureAnalyzer");
		assertThat(analysis.getAction()).isEqualTo("Rename idgen.bakend to idgen.backend.");
	}

	private static FailureAnalysis analyze(ApplicationContextRunner runner) {
		FailureAnalysis[] analysis = new FailureAnalysis[1];
		runner.run((context) -> {
			assertThat(context).hasFailed();
			analysis[0] = new UnknownPropertyFailureAnalyzer().analyze(context.getStartupFailure());
		});
		assertThat(analysis[0]).as("analysis").isNotNull();
		return analysis[0];
	}

}
