package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeSequence;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the snowflake backend of {@link IdGeneratorAutoConfiguration}.
 */
class SnowflakeBackendAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdGeneratorAutoConfiguration.class,
				IdGeneratorHealthContributorAutoConfiguration.class))
		.withPropertyValues("idgen.backend=snowflake");

	@Test
	void servesEverySequenceFromOneGeneratorWithTheConfiguredWorker() {
		this.runner.withPropertyValues("idgen.snowflake.worker-id=7").run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			SnowflakeGenerator generator = context.getBean(SnowflakeGenerator.class);
			long order = ids.nextId("order");
			long invoice = ids.nextId("invoice");
			assertThat(invoice).isGreaterThan(order);
			SnowflakeId decoded = generator.decode(order);
			assertThat(decoded.worker()).isEqualTo(7);
			assertThat(ids.sequence("order")).isInstanceOf(SnowflakeSequence.class);
			assertThat(context.getBean(IdGeneratorHealthIndicator.class).health().getStatus()).isEqualTo(Status.UP);
		});
	}

	@Test
	@SuppressWarnings("unchecked")
	void javascriptSafePresetKeepsIdsBelowTwoToThe53() {
		this.runner.withPropertyValues("idgen.snowflake.preset=javascript-safe", "idgen.snowflake.worker-id=31")
			.run((context) -> {
				long[] ids = context.getBean(IdGenerator.class).nextIds("order", 1000);
				assertThat(Arrays.stream(ids).max().getAsLong()).isLessThan(1L << 53);
				Map<String, Object> sequences = (Map<String, Object>) context.getBean(IdGeneratorHealthIndicator.class)
					.health()
					.getDetails()
					.get("sequences");
				assertThat((Map<String, Object>) sequences.get("order")).containsEntry("worker", 31);
			});
	}

	@Test
	void isNeverChosenWithoutIdgenBackend() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorAutoConfiguration.class))
			.withPropertyValues("idgen.snowflake.worker-id=1")
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getReason())
				.contains("idgen.backend=snowflake"));
	}

	@Test
	void rejectsInvalidSnowflakeProperties() {
		this.runner.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake.worker-id").getReason())
			.contains("worker id of its own"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1024")
			.run((context) -> invalidProperty(context, "idgen.snowflake.worker-id"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1", "idgen.snowflake.sequence-bits=13")
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake").getReason()).contains("64"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1", "idgen.snowflake.epoch=2999-01-01T00:00:00Z")
			.run((context) -> assertThat(invalidProperty(context, "idgen.snowflake").getReason()).contains("future"));
		this.runner.withPropertyValues("idgen.snowflake.worker-id=1", "idgen.sequences.order.max-value=10")
			.run((context) -> invalidProperty(context, "idgen.sequences.order.max-value"));
	}

}
