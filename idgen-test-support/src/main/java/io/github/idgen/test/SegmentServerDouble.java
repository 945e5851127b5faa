package io.github.idgen.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * An HTTP server that answers segment reservations as an idgen ID server does, from a
 * real {@link SegmentStore}, and that a test can make fail: answer a status, stall, or
 * answer something that is not a segment. It serves only the sequences it is given, with
 * their bounds, as the servers do, and refuses a body without a {@code Content-Length}
 * (413), as they do. It records the {@code Authorization} header of every call.
 */
public final class SegmentServerDouble implements AutoCloseable {

	static {
		// The JDK's server writes the headers and the body of an answer apart; without
		// TCP_NODELAY the body waits for the client's delayed acknowledgement, 40 ms on
		// Linux, which real servers such as Tomcat do not make their clients wait. Read
		// when the first server is created.
		System.setProperty("sun.net.httpserver.nodelay", "true");
	}

	private static final Pattern SIZE = Pattern.compile("\"size\"\\s*:\\s*(\\d+)");

	private static final Pattern SEGMENTS_PATH = Pattern.compile("/api/v1/sequences/([^/]+)/segments");

	private final SegmentStore store;

	private final Map<String, SequenceBounds> sequences;

	private final List<String> authorizations = new CopyOnWriteArrayList<>();

	private final Map<String, Integer> served = new ConcurrentHashMap<>();

	private volatile int port;

	private volatile HttpServer server;

	private volatile Failure failure;

	private final SSLContext tls;

	/**
	 * Create a server and start it on a free port of the loopback address.
	 * @param store the store it reserves from
	 * @param sequences the sequences it serves, with their bounds
	 */
	public SegmentServerDouble(SegmentStore store, Map<String, SequenceBounds> sequences) {
		this(store, sequences, null);
	}

	/**
	 * Create a server that answers over TLS, and start it on a free port of the loopback
	 * address.
	 * @param store the store it reserves from
	 * @param sequences the sequences it serves, with their bounds
	 * @param tls the TLS context of the server, or {@code null} for plain HTTP
	 */
	public SegmentServerDouble(SegmentStore store, Map<String, SequenceBounds> sequences, SSLContext tls) {
		this.store = store;
		this.sequences = Map.copyOf(sequences);
		this.tls = tls;
		start();
	}

	/**
	 * Start, or start again on the same port after {@link #stop()}.
	 */
	public void start() {
		try {
			InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port);
			HttpServer server;
			if (this.tls != null) {
				HttpsServer https = HttpsServer.create(address, 0);
				https.setHttpsConfigurator(new HttpsConfigurator(this.tls));
				server = https;
			}
			else {
				server = HttpServer.create(address, 0);
			}
			server.setExecutor(Executors.newFixedThreadPool(8));
			server.createContext("/api/v1/", this::handle);
			server.start();
			this.port = server.getAddress().getPort();
			this.server = server;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Stop at once, closing every connection.
	 */
	public void stop() {
		this.server.stop(0);
	}

	/**
	 * Return the base URL.
	 * @return such as {@code http://127.0.0.1:41234}
	 */
	public URI url() {
		return URI.create(((this.tls != null) ? "https" : "http") + "://127.0.0.1:" + this.port);
	}

	/**
	 * Return the {@code Authorization} header of every call so far, {@code "null"} where
	 * there was none.
	 * @return the headers
	 */
	public List<String> authorizations() {
		return this.authorizations;
	}

	/**
	 * Return how many segments of a sequence this server reserved.
	 * @param sequence the sequence
	 * @return the count
	 */
	public int served(String sequence) {
		return this.served.getOrDefault(sequence, 0);
	}

	/**
	 * Fail every later call so, or answer normally again.
	 * @param failure how to fail, or {@code null} to answer normally
	 */
	public void failWith(Failure failure) {
		this.failure = failure;
	}

	@Override
	public void close() {
		stop();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			String authorization = exchange.getRequestHeaders().getFirst("Authorization");
			this.authorizations.add(String.valueOf(authorization));
			String path = exchange.getRequestURI().getPath();
			if (path.equals("/api/v1/health") && exchange.getRequestMethod().equals("GET")) {
				if (this.failure != null && this.failure.status() != 0) {
					problem(exchange, this.failure.status(), "store-unavailable");
					return;
				}
				respond(exchange, 200, "application/json", "{\"status\":\"UP\"}");
				return;
			}
			Matcher matcher = SEGMENTS_PATH.matcher(path);
			if (!matcher.matches() || !exchange.getRequestMethod().equals("POST")) {
				respond(exchange, 404, "text/html", "<html>not here</html>");
				return;
			}
			Failure failure = this.failure;
			if (failure != null) {
				fail(exchange, failure);
				return;
			}
			if (exchange.getRequestHeaders().getFirst("Content-Length") == null) {
				problem(exchange, 413, "request-too-large");
				return;
			}
			reserve(exchange, matcher.group(1), body(exchange.getRequestBody()));
		}
	}

	private void reserve(HttpExchange exchange, String sequence, String body) throws IOException {
		SequenceBounds bounds = this.sequences.get(sequence);
		if (bounds == null) {
			problem(exchange, 404, "unknown-sequence");
			return;
		}
		Matcher size = SIZE.matcher(body);
		if (!size.find()) {
			problem(exchange, 400, "invalid-request");
			return;
		}
		try {
			Segment segment = this.store.allocate(sequence, Long.parseLong(size.group(1)), bounds);
			this.served.merge(sequence, 1, Integer::sum);
			respond(exchange, 200, "application/json", "{\"sequence\":\"" + sequence + "\",\"start\":\""
					+ segment.start() + "\",\"count\":" + segment.size() + ",\"stride\":" + segment.stride() + "}");
		}
		catch (SequenceExhaustedException ex) {
			problem(exchange, 409, "sequence-exhausted");
		}
		catch (BackendUnavailableException ex) {
			problem(exchange, 503, "store-unavailable");
		}
	}

	private void fail(HttpExchange exchange, Failure failure) throws IOException {
		if (failure.stall() != null) {
			try {
				Thread.sleep(failure.stall().toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		if (failure.body() != null) {
			respond(exchange, 200, "application/json", failure.body());
		}
		else {
			problem(exchange, failure.status(), failure.type());
		}
	}

	private static void problem(HttpExchange exchange, int status, String type) throws IOException {
		respond(exchange, status, "application/problem+json", "{\"type\":\"https://idgen.github.io/problems/" + type
				+ "\",\"title\":\"" + type + "\",\"status\":" + status + "}");
	}

	private static void respond(HttpExchange exchange, int status, String contentType, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", contentType);
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	private static String body(InputStream in) throws IOException {
		return new String(in.readAllBytes(), StandardCharsets.UTF_8);
	}

	/**
	 * How the server fails every call: after a stall, with a status and problem type, or
	 * with a body that is not a segment.
	 *
	 * @param stall how long to wait before answering, or {@code null}
	 * @param status the status to answer
	 * @param type the problem type to answer
	 * @param body a 200 body to answer instead, or {@code null}
	 */
	public record Failure(Duration stall, int status, String type, String body) {

		/**
		 * Answer a problem.
		 * @param status the status
		 * @param type the last segment of the problem type
		 * @return the failure
		 */
		public static Failure status(int status, String type) {
			return new Failure(null, status, type, null);
		}

		/**
		 * Answer 503 after a stall.
		 * @param stall how long to stall
		 * @return the failure
		 */
		public static Failure stall(Duration stall) {
			return new Failure(stall, 503, "store-unavailable", null);
		}

		/**
		 * Answer 200 with a body.
		 * @param body the body
		 * @return the failure
		 */
		public static Failure body(String body) {
			return new Failure(null, 0, null, body);
		}

	}

}
