package io.github.idgen.server;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.AbstractConfigurableWebServerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the ID server listens: on the loopback address only while no client is
 * configured, saying so in one line, unless {@code server.address} says otherwise.
 */
@ExtendWith(OutputCaptureExtension.class)
class LoopbackDefaultTests {

	private static final String LINE = "No idgen.server.clients are configured: the ID server listens on";

	@Test
	void withoutClientsTheServerListensOnTheLoopbackAddressOnly(CapturedOutput output) {
		try (ServerInstance server = ServerInstance.start(h2())) {
			assertThat(address(server)).isEqualTo(InetAddress.getLoopbackAddress());
			assertThat(output.getAll().lines().filter((line) -> line.contains(LINE))).hasSize(1);
			assertThat(server.calls().get("/api/v1/sequences/order/id").status()).isEqualTo(200);
		}
	}

	@Test
	void withClientsTheServerListensWhereTheApplicationSays(CapturedOutput output) {
		Map<String, String> properties = new LinkedHashMap<>(h2());
		properties.put("idgen.server.clients.billing.token-sha256", ServerSecurityTests.sha256("secret"));
		properties.put("idgen.server.clients.billing.sequences", "order");
		try (ServerInstance server = ServerInstance.start(properties)) {
			assertThat(address(server)).isNull();
			assertThat(output.getAll()).doesNotContain(LINE);
		}
	}

	@Test
	void anAddressTheUserSetIsKept(CapturedOutput output) {
		Map<String, String> properties = new LinkedHashMap<>(h2());
		properties.put("server.address", "0.0.0.0");
		try (ServerInstance server = ServerInstance.start(properties)) {
			assertThat(address(server).getHostAddress()).isEqualTo("0.0.0.0");
			assertThat(output.getAll()).doesNotContain(LINE);
		}
	}

	private static InetAddress address(ServerInstance server) {
		return server.context().getBean(AbstractConfigurableWebServerFactory.class).getAddress();
	}

	private static Map<String, String> h2() {
		return Map.of("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
	}

}
