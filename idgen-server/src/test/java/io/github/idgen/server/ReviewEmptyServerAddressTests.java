package io.github.idgen.server;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import org.springframework.boot.web.server.AbstractConfigurableWebServerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of the ID server: the loopback-only default is skipped whenever
 * {@code server.address} is present, even empty (as {@code SERVER_ADDRESS=} in a
 * container's environment sets it), and Spring Boot binds an empty address to none: the
 * token-less server listens on every interface and says nothing.
 */
@Disabled("review-server: an empty server.address skips the loopback default and binds a token-less server to every interface")
class ReviewEmptyServerAddressTests {

	@Test
	void anEmptyServerAddressKeepsATokenlessServerOnLoopback() {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
		properties.put("server.address", "");
		try (ServerInstance server = ServerInstance.start(properties)) {
			InetAddress address = server.context().getBean(AbstractConfigurableWebServerFactory.class).getAddress();
			assertThat(address).isEqualTo(InetAddress.getLoopbackAddress());
		}
	}

}
