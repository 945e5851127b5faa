package io.github.idgen.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.SegmentServerDouble;
import io.github.idgen.test.SegmentServerDouble.Failure;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link RemoteSegmentStore} with hostile, slow and half-dead ID servers next
 * to one that answers.
 */
class RemoteSegmentStoreHostileServersTest {

	private final String order = uniqueName("order");

	private SegmentServerDouble good;

	private final List<HttpServer> hostile = new ArrayList<>();

	@BeforeEach
	void startServer() {
		DataSource dataSource = TestBackends.h2();
		new JdbcSegmentSchema(dataSource, "idgen_remote_review").createIfMissing();
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource, "idgen_remote_review");
		this.good = new SegmentServerDouble(store, Map.of(this.order, SequenceBounds.startingAt(1_000_000)));
	}

	@AfterEach
	void stopServers() {
		this.good.close();
		this.hostile.forEach((server) -> server.stop(0));
	}

	private URI hostile(HttpHandler handler) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		server.setExecutor(Executors.newCachedThreadPool());
		server.createContext("/", handler);
		server.start();
		this.hostile.add(server);
		return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
	}

	private static RemoteServer server(URI url, Duration timeout) {
		return RemoteServer.create(url, timeout, null, RestClient.builder());
	}

	private static RemoteSegmentStore store(Duration timeout, URI... urls) {
		List<RemoteServer> servers = new ArrayList<>();
		for (URI url : urls) {
			servers.add(server(url, timeout));
		}
		return new RemoteSegmentStore(servers, "token", Duration.ofSeconds(1), Duration.ofSeconds(30));
	}

	private static void drip(HttpExchange exchange, Duration total) throws IOException {
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(200, 0);
		long until = System.nanoTime() + total.toNanos();
		try (OutputStream out = exchange.getResponseBody()) {
			out.write("{\"sequence\":\"".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			while (System.nanoTime() < until) {
				out.write(' ');
				out.flush();
				Thread.sleep(200);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (IOException ex) {
			// the client went away
		}
	}

	@Test
	void withTheDefaultTimeoutsTwoStalledServersMakeNextFailWhileAThirdAnswers() throws Exception {
		SegmentServerDouble stalled1 = new SegmentServerDouble(null, Map.of());
		SegmentServerDouble stalled2 = new SegmentServerDouble(null, Map.of());
		stalled1.failWith(Failure.stall(Duration.ofSeconds(20)));
		stalled2.failWith(Failure.stall(Duration.ofSeconds(20)));
		// the defaults: idgen.remote.timeout=1s, idgen.segment.fetch-timeout=3s
		RemoteSegmentStore store = store(Duration.ofSeconds(1), stalled1.url(), stalled2.url(), this.good.url());
		SegmentSequences sequences = new SegmentSequences(store,
				new SegmentSettings(1, 50, new StepPolicy(10, 500, Duration.ofSeconds(1)), 0.5, Duration.ofSeconds(3)),
				Map.of());
		try {
			SegmentBuffer buffer = sequences.create(this.order);
			assertThat(buffer.next()).as("the first ID while the third server answers").isEqualTo(1_000_000);
		}
		finally {
			sequences.close();
			stalled1.close();
			stalled2.close();
		}
	}

	@Test
	void aRequestTimeoutARedirectOrAProxysNotFoundFailOverToTheNextServer() throws Exception {
		List<String> refused = new ArrayList<>();
		for (int status : new int[] { 408, 307, 404 }) {
			URI odd = hostile((exchange) -> {
				exchange.getResponseHeaders().add("Location", "https://elsewhere.invalid/");
				exchange.getResponseHeaders().add("Content-Type", "text/html");
				byte[] body = "<html>not here</html>".getBytes(StandardCharsets.US_ASCII);
				exchange.sendResponseHeaders(status, body.length);
				exchange.getResponseBody().write(body);
				exchange.close();
			});
			RemoteSegmentStore store = store(Duration.ofMillis(500), odd, this.good.url());
			try {
				store.allocate(this.order, 10, 1);
			}
			catch (RuntimeException ex) {
				refused.add(status + ": " + ex);
			}
		}
		assertThat(refused).as("reservations refused although the second server answers").isEmpty();
	}

	@Test
	void aPassingHealthCheckDoesNotResetTheBackOffOfAServerWhoseReservationsTimeOut() throws Exception {
		URI halfDead = hostile((exchange) -> {
			if (exchange.getRequestURI().getPath().endsWith("/health")) {
				byte[] body = "{\"status\":\"UP\"}".getBytes(StandardCharsets.US_ASCII);
				exchange.getResponseHeaders().add("Content-Type", "application/json");
				exchange.sendResponseHeaders(200, body.length);
				exchange.getResponseBody().write(body);
				exchange.close();
				return;
			}
			drip(exchange, Duration.ofSeconds(10));
		});
		AtomicLong nanoTime = new AtomicLong(System.nanoTime());
		Duration backOff = Duration.ofSeconds(1);
		RemoteSegmentStore store = new RemoteSegmentStore(
				List.of(server(halfDead, Duration.ofMillis(300)), server(this.good.url(), Duration.ofMillis(300))),
				"token", backOff, Duration.ofSeconds(30), nanoTime::get);
		for (int i = 0; i < 3; i++) {
			store.allocate(this.order, 10, 1);
			nanoTime.addAndGet(backOff.toNanos() + 1);
			// an actuator health probe between two fetches
			store.checkAvailable();
		}
		nanoTime.addAndGet(backOff.toNanos() + 1);
		assertThat(serverStates(store))
			.as("after two timeouts in a row (the third fetch skipped it, backed off), with health probes between")
			.containsExactly("FAILED", "UP");
	}

	@SuppressWarnings("unchecked")
	private static List<String> serverStates(RemoteSegmentStore store) {
		return ((List<Map<String, Object>>) store.details().get("servers")).stream()
			.map((server) -> (String) server.get("state"))
			.toList();
	}

	@Test
	void anInterruptedReservationDoesNotMarkHealthyServersFailed() {
		RemoteSegmentStore store = store(Duration.ofMillis(500), this.good.url());
		Thread.currentThread().interrupt();
		try {
			store.allocate(this.order, 10, 1);
		}
		catch (RuntimeException ex) {
			// the interrupt ends the reservation, as it should
		}
		finally {
			Thread.interrupted();
		}
		assertThat(store.details().toString()).as("the server never failed").doesNotContain("BACKING_OFF");
	}

	@Test
	void aBackOffTooLongForNanosecondsIsRefusedOrEndsInATypedFailure() {
		RemoteSegmentStore store;
		try {
			store = new RemoteSegmentStore(List.of(server(this.good.url(), Duration.ofMillis(500))), "token",
					Duration.ofDays(200_000), Duration.ofDays(200_000));
		}
		catch (IllegalArgumentException ex) {
			return; // refused when created: fine
		}
		this.good.stop();
		try {
			assertThatExceptionOfType(BackendUnavailableException.class)
				.isThrownBy(() -> store.allocate(this.order, 10, 1));
		}
		finally {
			this.good.start();
		}
	}

	@Test
	void aLongBackOffDoubledManyTimesStaysALongBackOff() {
		AtomicLong nanoTime = new AtomicLong(System.nanoTime());
		RemoteSegmentStore store = new RemoteSegmentStore(List.of(server(this.good.url(), Duration.ofMillis(500))),
				"token", Duration.ofHours(3), Duration.ofDays(1), nanoTime::get);
		this.good.stop();
		try {
			for (int i = 0; i < 21; i++) {
				assertThatExceptionOfType(BackendUnavailableException.class)
					.isThrownBy(() -> store.allocate(this.order, 10, 1));
			}
		}
		finally {
			this.good.start();
		}
		assertThat(serverStates(store)).as("right after its 21st failure in a row, max-back-off 1 day")
			.containsExactly("BACKING_OFF");
	}

}
