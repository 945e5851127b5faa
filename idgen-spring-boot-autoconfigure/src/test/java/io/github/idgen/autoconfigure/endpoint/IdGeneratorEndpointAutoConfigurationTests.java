package io.github.idgen.autoconfigure.endpoint;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link IdGeneratorEndpointAutoConfiguration}.
 */
class IdGeneratorEndpointAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
				IdGeneratorEndpointAutoConfiguration.class))
		.withPropertyValues("idgen.backend=jdbc", "management.endpoints.web.exposure.include=idgen");

	@Test
	void endpointWhenExposed() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(IdGeneratorEndpoint.class));
	}

	@Test
	void echoesWhatACallerSentEscapedAndCut() {
		String hostile = "x\r\nFAKE LOG LINE\u202e" + "y".repeat(10_000);
		this.runner.run((context) -> {
			IdGeneratorEndpoint endpoint = context.getBean(IdGeneratorEndpoint.class);
			assertThat(List.of(endpoint.sequence(hostile), endpoint.decode(hostile, "1"),
					endpoint.decode("decode", hostile)))
				.allSatisfy((response) -> assertThat(String.valueOf(response.getBody().get("message")))
					.contains("'x\\r\\nFAKE LOG LINE\\u202e")
					.hasSizeLessThan(300)
					.doesNotContain("\r", "\n", "\u202e"));
		});
	}

	@Test
	void backsOffWhenNotExposed() {
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
					IdGeneratorEndpointAutoConfiguration.class))
			.withPropertyValues("idgen.backend=jdbc")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdGeneratorEndpoint.class));
	}

	@Test
	void backsOffWithoutActuator() {
		this.runner.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdGeneratorEndpoint.class));
	}

	@Test
	void backsOffWhenIdGenIsDisabled() {
		this.runner.withPropertyValues("idgen.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdGeneratorEndpoint.class));
	}

	@Test
	void decodeNeedsAConfiguredLayout() {
		this.runner.run((context) -> {
			context.getBean(IdGenerator.class).nextId();
			WebEndpointResponse<Map<String, Object>> response = context.getBean(IdGeneratorEndpoint.class)
				.decode("decode", "12345");
			assertThat(response.getStatus()).isEqualTo(404);
			assertThat(response.getBody()).containsEntry("message",
					"No layout to decode with: no backend in use composes its IDs from fields");
		});
	}

	@Test
	void decodesRedisTimeIdsWhenASequenceIsInTimeMode() {
		this.runner.withBean(RedisConnectionFactory.class, LettuceConnectionFactory::new)
			.withPropertyValues("idgen.sequences.clock.backend=redis", "idgen.sequences.clock.mode=time",
					"idgen.redis.time.shard=7")
			.run((context) -> {
				long id = (1000L << 22) | (7L << 10) | 3;
				WebEndpointResponse<Map<String, Object>> response = context.getBean(IdGeneratorEndpoint.class)
					.decode("decode", Long.toString(id));
				assertThat(response.getStatus()).isEqualTo(200);
				assertThat(response.getBody()).doesNotContainKey("snowflake");
				assertThat(response.getBody().get("redisTime")).isEqualTo(
						Map.of("time", "2025-01-01T00:00:01Z", "millis", 1735689601000L, "shard", 7, "sequence", 3L));
			});
	}

}
