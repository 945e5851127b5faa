package io.github.idgen.remote;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import javax.net.ssl.SSLContext;

import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * One ID server a {@link RemoteSegmentStore} reserves from: its client and whether it
 * failed lately.
 * <p>
 * A server that fails (no answer within the client's timeouts, a 5xx or 429 answer, an
 * answer that is not a segment) is backed off: the store tries it only after the other
 * servers, until {@code initialBackOff} has passed, doubled with each further failure in
 * a row up to {@code maxBackOff}. One answer ends the back-off.
 * <p>
 * Thread-safety: fetch threads of several sequences use one server at once. The state is
 * kept in atomics and volatile fields, each written on its own: a reader may see the
 * failure count of one failure and the retry time of the next, which only shifts when the
 * server is tried again by one back-off step.
 */
public final class RemoteServer {

	private final URI baseUrl;

	private final String displayName;

	private final RestClient client;

	private final AtomicInteger consecutiveFailures = new AtomicInteger();

	private final LongAdder segments = new LongAdder();

	/**
	 * When a backed-off server is tried before the others again, in
	 * {@link System#nanoTime()} units; volatile so that every fetch thread sees the last
	 * failure's.
	 */
	private volatile long retryAtNanos;

	/**
	 * The description of the last failure, never the text of a client's message, or
	 * {@code null} if the server answered since; volatile for the health and endpoint
	 * threads that read it.
	 */
	private volatile String lastFailure;

	/**
	 * Create a server.
	 * @param baseUrl the server's base URL, such as {@code http://ids-1:8080}, without
	 * user information; the client must already be built with it
	 * @param client the client that calls it, with its timeouts, TLS and message
	 * converters
	 */
	public RemoteServer(URI baseUrl, RestClient client) {
		if (baseUrl.getRawUserInfo() != null) {
			throw new IllegalArgumentException("The URL of an ID server must not hold user information, which the "
					+ "client would not send and logs would show: " + displayName(baseUrl));
		}
		this.baseUrl = baseUrl;
		this.displayName = displayName(baseUrl);
		this.client = client;
	}

	/**
	 * Create a server called with the JDK's HTTP client: {@code timeout} for connecting
	 * and for each whole answer, redirects never followed, over the given TLS context.
	 * @param baseUrl the server's base URL, such as {@code http://ids-1:8080}, without
	 * user information
	 * @param timeout how long one call may take
	 * @param tls the TLS context of {@code https://} calls, or {@code null} for the JDK's
	 * default
	 * @param builder the builder the client starts from (its message converters and
	 * observations); it is changed, so pass one of the server's own, such as a clone
	 * @return the server
	 */
	public static RemoteServer create(URI baseUrl, Duration timeout, SSLContext tls, RestClient.Builder builder) {
		HttpClient.Builder http = HttpClient.newBuilder()
			.connectTimeout(timeout)
			.followRedirects(HttpClient.Redirect.NEVER);
		if (tls != null) {
			http.sslContext(tls);
		}
		JdkClientHttpRequestFactory requestFactory = new JdkClientHttpRequestFactory(http.build());
		requestFactory.setReadTimeout(timeout);
		return new RemoteServer(baseUrl, builder.baseUrl(baseUrl.toString()).requestFactory(requestFactory).build());
	}

	/**
	 * Return the base URL without user information, query or fragment, as logs, health
	 * and exception messages show it.
	 * @param url the base URL
	 * @return such as {@code https://ids-1:8443}
	 */
	static String displayName(URI url) {
		StringBuilder name = new StringBuilder();
		if (url.getScheme() != null) {
			name.append(url.getScheme()).append("://");
		}
		name.append(url.getHost());
		if (url.getPort() != -1) {
			name.append(':').append(url.getPort());
		}
		if (url.getRawPath() != null) {
			name.append(url.getRawPath());
		}
		return name.toString();
	}

	/**
	 * Return the base URL as the configuration gave it.
	 * @return the base URL
	 */
	public URI baseUrl() {
		return this.baseUrl;
	}

	/**
	 * Return the base URL as logs and messages show it: without user information.
	 * @return the name
	 */
	public String displayName() {
		return this.displayName;
	}

	RestClient client() {
		return this.client;
	}

	boolean isBackingOff(long nowNanos) {
		return this.consecutiveFailures.get() > 0 && nowNanos - this.retryAtNanos < 0;
	}

	long retryAtNanos() {
		return this.retryAtNanos;
	}

	/**
	 * Record a failure and back the server off.
	 * @return whether the server had answered before this failure, so that the change is
	 * logged once
	 */
	boolean failed(String description, long nowNanos, Duration initialBackOff, Duration maxBackOff) {
		int failures = this.consecutiveFailures.incrementAndGet();
		this.retryAtNanos = nowNanos + backOffNanos(failures, initialBackOff.toNanos(), maxBackOff.toNanos());
		this.lastFailure = description;
		return failures == 1;
	}

	/**
	 * Return the back-off after a number of failures in a row: the initial one doubled
	 * with each failure after the first, at most the maximum, without overflowing.
	 */
	static long backOffNanos(int failures, long initialNanos, long maxNanos) {
		long backOff = initialNanos;
		for (int doubling = 1; doubling < failures && backOff < maxNanos; doubling++) {
			backOff = (backOff > maxNanos / 2) ? maxNanos : backOff * 2;
		}
		return Math.min(backOff, maxNanos);
	}

	/**
	 * Record an answer, ending a back-off.
	 * @return whether the server had failed before this answer
	 */
	boolean answered() {
		this.lastFailure = null;
		return this.consecutiveFailures.getAndSet(0) > 0;
	}

	void served() {
		this.segments.increment();
	}

	/**
	 * Return the server's state for health and the actuator endpoint.
	 * @param nowNanos the current {@link System#nanoTime()}
	 * @return its URL, {@code UP} or {@code BACKING_OFF}, its failures in a row, the last
	 * failure's description, and the segments it served
	 */
	Map<String, Object> details(long nowNanos) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("url", this.displayName);
		int failures = this.consecutiveFailures.get();
		details.put("state", (failures == 0) ? "UP" : isBackingOff(nowNanos) ? "BACKING_OFF" : "FAILED");
		details.put("consecutiveFailures", failures);
		String failure = this.lastFailure;
		if (failure != null) {
			details.put("lastFailure", failure);
		}
		details.put("segments", this.segments.sum());
		return details;
	}

	/**
	 * Return whether the server answered the last call made to it.
	 * @return {@code false} from a failure until the next answer
	 */
	public boolean isUp() {
		return this.consecutiveFailures.get() == 0;
	}

	/**
	 * Return how many segments this server reserved for this application.
	 * @return the count
	 */
	public long segmentsServed() {
		return this.segments.sum();
	}

}
