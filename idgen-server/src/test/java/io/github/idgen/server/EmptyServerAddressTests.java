package io.github.idgen.server;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.boot.web.server.AbstractConfigurableWebServerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An empty {@code server.address} (as {@code SERVER_ADDRESS=} in a container's
 * environment sets it), which Spring Boot binds to no address, every interface, keeps a
 * server without clients on the loopback address.
 */
class EmptyServerAddressTests {

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
