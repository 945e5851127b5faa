package io.github.idgen.faults.network;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Where an external backend of the fault scenarios is, as {@code TestBackends} finds it
 * without Docker: the URL in an environment variable, else the standard local port if a
 * server answers there. Without either the calling test is skipped, or fails with
 * {@code IDGEN_TEST_REQUIRE_BACKENDS=true}. The proxy must sit between the client and a
 * server it can reach, so a Testcontainers container is not used.
 */
final class BackendAddress {

	private BackendAddress() {
	}

	/**
	 * Return the URL of a backend.
	 * @param variable the environment variable that may hold the URL
	 * @param localUrl the URL of the server on the standard local port
	 * @param localPort the standard local port
	 * @return the URL to use
	 */
	static String url(String variable, String localUrl, int localPort) {
		String url = System.getenv(variable);
		if (url != null && !url.isBlank()) {
			return url;
		}
		if (answers(localPort)) {
			return localUrl;
		}
		String reason = "No server for the fault scenarios: set " + variable + " or run one on 127.0.0.1:" + localPort;
		if (Boolean.parseBoolean(System.getenv("IDGEN_TEST_REQUIRE_BACKENDS"))) {
			Assertions.fail(reason + " (IDGEN_TEST_REQUIRE_BACKENDS=true)");
		}
		Assumptions.abort(reason);
		return null;
	}

	private static boolean answers(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
