package io.github.idgen.autoconfigure.diagnostics;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Tests for {@link IdGeneratorFailureAnalyzer}: each idgen startup failure becomes a
 * report whose description and action name the property.
 */
@ExtendWith(OutputCaptureExtension.class)
class IdGeneratorFailureAnalyzerTests {

	private final ApplicationContextRunner bare = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of());

	private final ApplicationContextRunner jdbc = this.bare
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class));

	private final ApplicationContextRunner redis = this.bare
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class));

	@Test
	void noBackend() {
		FailureAnalysis analysis = analyze(this.bare);
		assertThat(analysis.getDescription())
			.isEqualTo("idgen.backend is not set and the application context has no store to reserve IDs from.");
		assertThat(analysis.getAction()).startsWith("Add spring-boot-starter-jdbc and a JDBC driver")
			.contains("spring-boot-starter-data-redis", "spring-boot-starter-data-mongodb")
			.endsWith(
					"or set idgen.backend=snowflake or idgen.backend=remote, or set idgen.enabled=false to turn idgen off.");
	}

	@Test
	void ambiguousBackend() {
		FailureAnalysis analysis = analyze(
				this.jdbc.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class)));
		assertThat(analysis.getDescription()).isEqualTo("idgen.backend is not set and the application context has "
				+ "several stores to reserve IDs from (jdbc, redis).");
		assertThat(analysis.getAction())
			.isEqualTo("Set idgen.backend to the one idgen should use, for example idgen.backend=jdbc.");
	}

	@Test
	void badBitLayout() {
		FailureAnalysis analysis = analyze(this.bare.withPropertyValues("idgen.backend=snowflake",
				"idgen.snowflake.worker-id=1", "idgen.snowflake.sequence-bits=13"));
		assertThat(analysis.getDescription())
			.startsWith("The snowflake bit layout (idgen.snowflake timestamp/datacenter/worker/sequence bits "
					+ "41/0/10/13 from 2025-01-01T00:00:00Z) is invalid: ")
			.contains("64");
		assertThat(analysis.getAction()).contains("idgen.snowflake.timestamp-bits", "worker-bits", "sequence-bits",
				"1 + the bits make 64", "idgen.snowflake.preset");
	}

	@Test
	void badTableName() {
		FailureAnalysis analysis = analyze(this.jdbc.withPropertyValues("idgen.jdbc.table=bad-name"));
		assertThat(analysis.getDescription())
			.startsWith("idgen.jdbc.table is 'bad-name', which is not a valid table name: ");
		assertThat(analysis.getAction()).startsWith("Set idgen.jdbc.table to a table name of letters, digits and '_'");
	}

	@Test
	void badRedisKeyPrefix() {
		FailureAnalysis analysis = analyze(this.redis.withPropertyValues("idgen.redis.key-prefix=a{b"));
		assertThat(analysis.getDescription())
			.startsWith("idgen.redis.key-prefix is 'a{b', which is not a valid key prefix: ");
		assertThat(analysis.getAction()).isEqualTo(
				"Set idgen.redis.key-prefix to a prefix without braces or control characters, such as 'idgen:'.");
	}

	@Test
	void minStepAboveMaxStep() {
		FailureAnalysis analysis = analyze(
				this.jdbc.withPropertyValues("idgen.segment.min-step=2000", "idgen.segment.max-step=1500"));
		assertThat(analysis.getDescription())
			.isEqualTo("idgen.segment.max-step is 1500, but it must not be less than idgen.segment.min-step (2000).");
		assertThat(analysis.getAction())
			.isEqualTo("Raise idgen.segment.max-step to at least 2000, or lower idgen.segment.min-step.");
	}

	@Test
	void stepOutsideItsBounds() {
		FailureAnalysis analysis = analyze(this.jdbc.withPropertyValues("idgen.sequences.order.step=500"));
		assertThat(analysis.getDescription()).isEqualTo("idgen.sequences.order.step is 500, but it must lie within "
				+ "idgen.segment.min-step (1000) and idgen.segment.max-step (1000000).");
		assertThat(analysis.getAction()).isEqualTo("Change idgen.sequences.order.step to a value within those bounds, "
				+ "or change idgen.segment.min-step or idgen.segment.max-step.");
	}

	@Test
	void unknownDataSourceBean() {
		FailureAnalysis analysis = analyze(this.jdbc.withPropertyValues("idgen.jdbc.data-source=orders"));
		assertThat(analysis.getDescription()).isEqualTo("idgen.jdbc.data-source is 'orders', and there is no "
				+ "DataSource bean of that name; the DataSource beans are [dataSource].");
		assertThat(analysis.getAction()).isEqualTo("Set idgen.jdbc.data-source to the bean name of one of them, or "
				+ "define a DataSource bean named 'orders'.");
	}

	@Test
	void unreachableStoreWithFailFast() {
		FailureAnalysis analysis = analyze(this.bare.withBean(DataSource.class, FailureAnalyzerFixtures::unreachable)
			.withPropertyValues("idgen.fail-fast=true", "idgen.jdbc.initialize-schema=never"));
		assertThat(analysis.getDescription())
			.startsWith("idgen.fail-fast is true and the 'jdbc' backend does not answer: Database of table "
					+ "'idgen_segment' is not available: ");
		assertThat(analysis.getAction()).isEqualTo("Start the database, or fix its connection properties "
				+ "(spring.datasource.*), or set idgen.fail-fast=false to start without it (IDs then fail until it "
				+ "answers).");
	}

	@Test
	void unreachableStoreStartsWithoutFailFast() {
		this.bare.withBean(DataSource.class, FailureAnalyzerFixtures::unreachable)
			.withPropertyValues("idgen.jdbc.initialize-schema=never")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void reachableStoreStartsWithFailFast() {
		this.jdbc.withPropertyValues("idgen.fail-fast=true").run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void boundedSnowflakeSequence() {
		FailureAnalysis analysis = analyze(this.bare.withPropertyValues("idgen.backend=snowflake",
				"idgen.snowflake.worker-id=1", "idgen.sequences.order.max-value=10"));
		assertThat(analysis.getDescription()).startsWith(
				"Sequence 'order' is bounded (idgen.sequences.order.max-value=10, cycle=false) and served by 'snowflake'");
		assertThat(analysis.getAction()).contains("idgen.sequences.order.backend",
				"remove idgen.sequences.order.max-value");
	}

	@Test
	void springBootPrintsTheReportOfThisAnalyzer(CapturedOutput output) {
		SpringApplication application = new SpringApplication(FailureAnalyzerFixtures.JdbcApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run("--idgen.jdbc.table=bad-name",
				"--spring.datasource.url=jdbc:h2:mem:analyzer;DB_CLOSE_DELAY=-1"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Description:\n\nidgen.jdbc.table is 'bad-name', which is not a valid table name: ")
			.contains("Action:\n\nSet idgen.jdbc.table to a table name of letters, digits and '_'")
			.doesNotContain("Validation failed for the following reason")
			.doesNotContain("Review the value of the property");
	}

	@Test
	void comesBeforeSpringBootsAnalyzerOfInvalidPropertyValuesWhereverTheClasspathPutsIt() {
		Throwable failure = new IllegalStateException(new IdGeneratorConfigurationException("idgen.jdbc.table", "x-y",
				"idgen.jdbc.table is 'x-y'.", "Set idgen.jdbc.table."));
		FailureAnalysis analysis = FailureAnalyzerFixtures.firstAnalysis(failure, IdGeneratorFailureAnalyzer.class,
				"org.springframework.boot.diagnostics.analyzer.InvalidConfigurationPropertyValueFailureAnalyzer");
		assertThat(analysis.getDescription()).isEqualTo("idgen.jdbc.table is 'x-y'.");
		assertThat(analysis.getAction()).isEqualTo("Set idgen.jdbc.table.");
	}

	private static FailureAnalysis analyze(ApplicationContextRunner runner) {
		FailureAnalysis[] analysis = new FailureAnalysis[1];
		runner.run((context) -> {
			assertThat(context).hasFailed();
			analysis[0] = new IdGeneratorFailureAnalyzer().analyze(context.getStartupFailure());
		});
		assertThat(analysis[0]).as("analysis").isNotNull();
		assertThat(analysis[0].getCause()).isInstanceOf(IdGeneratorConfigurationException.class);
		return analysis[0];
	}

}
