package io.github.idgen.sample;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the sample's IDs keep increasing across a restart on its H2 file database.
 */
class SampleRestartTests {

	@Test
	void idsKeepIncreasingAcrossRestart() {
		String url = "--spring.datasource.url=jdbc:h2:file:./target/sample-test/restart-" + UUID.randomUUID();
		long beforeRestart;
		try (ConfigurableApplicationContext context = start(url)) {
			nextId(context);
			beforeRestart = nextId(context);
		}
		try (ConfigurableApplicationContext context = start(url)) {
			assertThat(nextId(context)).isGreaterThan(beforeRestart);
		}
	}

	private static ConfigurableApplicationContext start(String url) {
		return new SpringApplicationBuilder(SampleApplication.class).run("--server.port=0", url);
	}

	private static long nextId(ConfigurableApplicationContext context) {
		Environment environment = context.getEnvironment();
		Map<?, ?> body = RestClient.create("http://localhost:" + environment.getProperty("local.server.port"))
			.get()
			.uri("/ids/order")
			.retrieve()
			.body(Map.class);
		return Long.parseLong((String) body.get("id"));
	}

}
