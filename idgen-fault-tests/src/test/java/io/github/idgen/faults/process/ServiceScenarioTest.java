package io.github.idgen.faults.process;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.faults.network.TcpProxy;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Service: three ID server processes over one PostgreSQL, and two client processes with
 * the remote segment store listing all three, four threads each, the first through a TCP
 * proxy. While the clients draw, each server they are using in turn fails: the proxy cuts
 * the first off, so the clients move to the second, which is then killed with SIGKILL, so
 * they move to the third; then the proxy is restored and the second started again. The
 * merged history must hold no duplicate, each thread's IDs must increase, and no call may
 * fail, since a server answers at every moment.
 */
@Tag("faults")
class ServiceScenarioTest {

	private static final String SERVER_CLASS = "io.github.idgen.server.IdGeneratorServerApplication";

	private static final List<String> SERVER_JVM_OPTIONS = List.of("-Xmx160m", "-XX:TieredStopAtLevel=1",
			"-Xshare:auto", "-XX:+UseSerialGC");

	private static final Duration PHASE = Duration.ofSeconds(Long.getLong("idgen.faults.service.phase-seconds", 6));

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	private static final String TOKEN = "fault-suite-service-token";

	private static final int THREADS = 4;

	@RegisterExtension
	final StartedChildren children = new StartedChildren();

	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path directory;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	@Test
	void clientsOfThreeServersNeverRepeatAnIdAndNeverFailWhileOneServerAnswers() throws Exception {
		String sequence = "service-" + UUID.randomUUID();
		Path history = Files.createDirectories(this.directory.resolve("history"));
		int[] ports = { freePort(), freePort(), freePort() };
		List<String> serverArguments = serverArguments(sequence);
		ChildJvm[] servers = new ChildJvm[3];
		for (int i = 0; i < servers.length; i++) {
			servers[i] = startServer("server" + i + "-0", ports[i], serverArguments);
		}
		try (TcpProxy proxy = TcpProxy.start("127.0.0.1", ports[0])) {
			for (int i = 0; i < servers.length; i++) {
				awaitServer(servers[i], ports[i]);
			}
			String urls = "http://127.0.0.1:" + proxy.port() + ",http://127.0.0.1:" + ports[1] + ",http://127.0.0.1:"
					+ ports[2];
			ChildOptions options = ChildOptions.empty()
				.with("store", "remote")
				.with("servers", urls)
				.with("token", TOKEN)
				.with("timeout", "PT0.5S")
				.with("mode", "segment")
				.with("sequence", sequence)
				.with("step", 100)
				.with("threads", THREADS)
				.with("pace", 10)
				.with("capacity", 2_000_000)
				.with("history", history);
			List<ChildJvm> clients = new ArrayList<>();
			for (int i = 0; i < 2; i++) {
				clients.add(this.children.start("client" + i, options.with("incarnation", "client" + i), Map.of(),
						this.directory));
			}
			for (ChildJvm client : clients) {
				client.awaitReady(READY_TIMEOUT);
			}
			Thread.sleep(PHASE.toMillis());
			proxy.cut();
			Thread.sleep(PHASE.toMillis());
			servers[1].kill();
			Thread.sleep(PHASE.toMillis());
			proxy.restore();
			servers[1] = startServer("server1-1", ports[1], serverArguments);
			awaitServer(servers[1], ports[1]);
			Thread.sleep(PHASE.toMillis());
			for (ChildJvm client : clients) {
				assertThat(client.isAlive()).as("%s alive; its log:%n%s", client.name(), client.log()).isTrue();
				client.stop(Duration.ofSeconds(30));
				assertThat(client.log()).as("the failures %s met while drawing", client.name())
					.contains("ID server http://127.0.0.1:" + proxy.port() + " failed")
					.contains("ID server http://127.0.0.1:" + ports[1] + " failed");
			}
		}
		HistoryReport report = HistoryChecker.checkDirectory(history);
		FaultSummary.report("service", "postgres", report);
		FaultSummary.note(String.format("FAULTS service      postgres   no ID twice and no failed call while 2 "
				+ "clients of %d threads drew from 3 servers over one PostgreSQL: the server in use cut off through a "
				+ "proxy, then the next one killed with SIGKILL, then both back, %d s each", THREADS,
				PHASE.toSeconds()));
		assertUniqueAndIncreasing(report);
		assertThat(report.failures()).as("failed calls while a server answered").isEmpty();
		assertThat(report.acknowledged()).isPositive();
	}

	private ChildJvm startServer(String name, int port, List<String> serverArguments) {
		List<String> arguments = new ArrayList<>(serverArguments);
		arguments.add("--server.port=" + port);
		return this.children.start(name, SERVER_CLASS, arguments, SERVER_JVM_OPTIONS, this.directory);
	}

	/**
	 * Return the arguments of every server: the shared PostgreSQL, the sequence, and the
	 * client of the token, allowed that sequence.
	 */
	private static List<String> serverArguments(String sequence) {
		// the shared pool of the tests: read, never closed
		HikariDataSource postgres = (HikariDataSource) TestBackends.postgres();
		String url = postgres.getJdbcUrl();
		String user = (postgres.getUsername() != null) ? postgres.getUsername() : urlParameter(url, "user");
		List<String> arguments = new ArrayList<>(List.of("--server.address=127.0.0.1", "--spring.datasource.url=" + url,
				"--spring.datasource.username=" + user, "--spring.main.banner-mode=off",
				"--idgen.sequences." + sequence + ".start=1",
				"--idgen.server.clients.faults.token-sha256=" + sha256(TOKEN),
				"--idgen.server.clients.faults.sequences=" + sequence));
		String password = (postgres.getPassword() != null) ? postgres.getPassword() : urlParameter(url, "password");
		if (password != null) {
			arguments.add("--spring.datasource.password=" + password);
		}
		return arguments;
	}

	private static String urlParameter(String url, String name) {
		Matcher matcher = Pattern.compile("[?&]" + name + "=([^&]*)").matcher(url);
		return matcher.find() ? matcher.group(1) : null;
	}

	private void awaitServer(ChildJvm server, int port) throws InterruptedException {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"))
			.timeout(Duration.ofSeconds(2))
			.build();
		while (true) {
			try {
				if (this.http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			if (!server.isAlive() || System.nanoTime() - deadline >= 0) {
				throw new IllegalStateException(server.name() + " did not answer within " + READY_TIMEOUT + " (alive: "
						+ server.isAlive() + "); its log:" + System.lineSeparator() + server.log());
			}
			Thread.sleep(200);
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private static String sha256(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
