package io.github.idgen.server;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static io.github.idgen.server.AbstractServerContractTests.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application of one's own with the {@code idgen-server} module on its class path gets
 * the endpoints for its own sequences and none of the server's configuration.
 */
class OwnApplicationTests {

	@Test
	void servesItsOwnSequencesOnly() {
		try (ConfigurableApplicationContext context = start("idgen.sequences.mine.start=5")) {
			ApiCalls api = new ApiCalls(port(context));
			assertThat(api.get("/api/v1/sequences/mine/id").body()).isEqualTo("5");
			assertProblem(api.get("/api/v1/sequences/order/id"), 404, "unknown-sequence");
		}
	}

	@Test
	void endpointsCanBeTurnedOff() {
		try (ConfigurableApplicationContext context = start("idgen.sequences.mine.start=5",
				"idgen.server.enabled=false")) {
			assertThat(new ApiCalls(port(context)).get("/api/v1/sequences/mine/id").status()).isEqualTo(404);
		}
	}

	private static ConfigurableApplicationContext start(String... properties) {
		SpringApplication application = new SpringApplication(OwnApplication.class);
		String[] args = new String[properties.length + 2];
		args[0] = "--server.port=0";
		args[1] = "--spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID();
		for (int i = 0; i < properties.length; i++) {
			args[i + 2] = "--" + properties[i];
		}
		return application.run(args);
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class OwnApplication {

	}

}
