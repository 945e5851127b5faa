package io.github.idgen.server;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A client in another language: the server runs as a process of its own, as it is
 * deployed, and {@code src/test/python/idgen_client_check.py}, a Python 3 script of the
 * standard library only, draws IDs, batches and a segment from it, checks them and the
 * problems a client gets for a missing, wrong or out-of-scope token and an unknown
 * sequence.
 */
class PythonClientTests {

	private static final Duration STARTUP = Duration.ofSeconds(60);

	@Test
	void aPythonClientDrawsUniqueIdsAndGetsTypedProblems() throws Exception {
		String token = "python-" + UUID.randomUUID();
		int port = freePort();
		Path log = Files.createTempFile("idgen-server", ".log");
		Process server = new ProcessBuilder(List.of(javaCommand(), "-XX:TieredStopAtLevel=1", "-cp", classpath(),
				IdGeneratorServerApplication.class.getName(), "--server.port=" + port, "--server.address=127.0.0.1",
				"--spring.datasource.url=jdbc:h2:file:./target/server-test/" + UUID.randomUUID(),
				"--idgen.server.clients.python.token-sha256=" + ServerSecurityTests.sha256(token),
				"--idgen.server.clients.python.sequences=order,invoice,ghost"))
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		try {
			String baseUrl = "http://127.0.0.1:" + port;
			awaitHealthy(baseUrl, server, log);
			Process python = new ProcessBuilder("python3", "src/test/python/idgen_client_check.py", baseUrl, token)
				.redirectErrorStream(true)
				.start();
			String output = new String(python.getInputStream().readAllBytes());
			assertThat(python.waitFor(60, TimeUnit.SECONDS)).isTrue();
			assertThat(python.exitValue()).as(output).isZero();
			assertThat(output).contains("idgen client check passed");
			assertThat(Files.readString(log)).doesNotContain(token);
		}
		finally {
			server.destroy();
			if (!server.waitFor(20, TimeUnit.SECONDS)) {
				server.destroyForcibly();
			}
		}
	}

	private static void awaitHealthy(String baseUrl, Process server, Path log) throws Exception {
		HttpClient client = HttpClient.newHttpClient();
		HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/health"))
			.timeout(Duration.ofSeconds(5))
			.build();
		long deadline = System.nanoTime() + STARTUP.toNanos();
		while (System.nanoTime() < deadline) {
			if (!server.isAlive()) {
				fail("The server ended with " + server.exitValue() + ":\n" + Files.readString(log));
			}
			try {
				if (client.send(health, BodyHandlers.discarding()).statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			Thread.sleep(200);
		}
		fail("The server did not start within " + STARTUP + ":\n" + Files.readString(log));
	}

	private static String javaCommand() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * Return the test class path: surefire forks with a manifest-only jar, so that
	 * {@code java.class.path} names only that jar, and tells the real one in
	 * {@code surefire.test.class.path}.
	 */
	private static String classpath() {
		String classpath = System.getProperty("surefire.test.class.path");
		return (classpath != null && !classpath.isBlank()) ? classpath : System.getProperty("java.class.path");
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
