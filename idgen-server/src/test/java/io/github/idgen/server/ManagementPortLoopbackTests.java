package io.github.idgen.server;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without clients it should serve no other host, but with the actuator on its own port
 * ({@code management.server.port}) the management server is not made loopback-only:
 * {@code /actuator/idgen} and the metrics are served on every interface, and nothing at
 * startup says so.
 */
@Disabled("Known limit, issue 28: with management.server.port set the actuator listens on every interface of a token-less server")
class ManagementPortLoopbackTests {

	@Test
	void managementServerOfATokenlessServerIsLoopbackOnly() throws Exception {
		InetAddress external = Collections.list(NetworkInterface.getNetworkInterfaces())
			.stream()
			.flatMap((nic) -> Collections.list(nic.getInetAddresses()).stream())
			.filter((address) -> address instanceof Inet4Address && !address.isLoopbackAddress())
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no non-loopback address to test with"));
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID());
		properties.put("management.server.port", "0");
		try (ServerInstance server = ServerInstance.start(properties)) {
			int managementPort = Integer
				.parseInt(server.context().getEnvironment().getRequiredProperty("local.management.port"));
			assertThat(reachable(external, server.port())).as("the API port from " + external).isFalse();
			assertThat(reachable(external, managementPort)).as("the management port from " + external).isFalse();
		}
	}

	private static boolean reachable(InetAddress address, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(address, port), 2000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
