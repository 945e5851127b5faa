package io.github.idgen.remote;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClientException;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.SequenceNames;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link SegmentStore} that reserves segments from idgen ID servers: {@code POST
 * <server>/api/v1/sequences/{name}/segments} with {@code {"size": step}}. Each server
 * reserves its segments from the store the servers share, so a segment is never handed to
 * two callers, whichever servers they ask.
 * <p>
 * A reservation asks the servers in their configured order, those that failed lately last
 * (see {@link RemoteServer}); a server that does not answer within the client's timeouts,
 * or answers anything but a segment or an idgen problem that another server would answer
 * the same (see {@link RemoteRefusals}), is skipped and the next one asked. Only when no
 * server reserves does the reservation fail, with a {@link BackendUnavailableException}
 * that the segment engine retries; meanwhile the buffered segments keep serving. The
 * idgen problems fail at once: 401 and 403 (the token), 404 (a sequence the servers do
 * not serve), 409 (a sequence that ran out,
 * {@link io.github.idgen.SequenceExhaustedException}, or one whose IDs do not come in
 * segments).
 * <p>
 * The servers decide the sequence's start, bounds and cycle: the bounds given to
 * {@link #allocate} are not sent. A server may return fewer IDs than asked, never more.
 * <p>
 * A reservation interrupted while it waits for a server (the segment engine interrupts
 * its fetches when it closes) ends with a {@link BackendUnavailableException} and the
 * interrupt flag set, without counting the server as failed.
 * <p>
 * Thread-safe: the fetch threads of several sequences reserve at once.
 */
public class RemoteSegmentStore implements SegmentStore {

	private static final Logger logger = LoggerFactory.getLogger(RemoteSegmentStore.class);

	private static final String SEGMENTS_PATH = "/api/v1/sequences/{name}/segments";

	private static final String HEALTH_PATH = "/api/v1/health";

	/**
	 * The longest back-off: 100 years, far below what {@link System#nanoTime()} can time.
	 */
	static final Duration MAX_BACK_OFF = Duration.ofDays(36_500);

	private final List<RemoteServer> servers;

	private final String token;

	private final Duration initialBackOff;

	private final Duration maxBackOff;

	private final LongSupplier nanoTime;

	private final Map<String, String> lastServers = new ConcurrentHashMap<>();

	/**
	 * Create a store of the given servers.
	 * @param servers the servers, in the order they are asked; at least one
	 * @param token the bearer token sent to every server, or {@code null} to send none
	 * @param initialBackOff how long a server that failed is asked only after the others
	 * @param maxBackOff the longest back-off, reached by doubling with each failure in a
	 * row
	 */
	public RemoteSegmentStore(List<RemoteServer> servers, String token, Duration initialBackOff, Duration maxBackOff) {
		this(servers, token, initialBackOff, maxBackOff, System::nanoTime);
	}

	RemoteSegmentStore(List<RemoteServer> servers, String token, Duration initialBackOff, Duration maxBackOff,
			LongSupplier nanoTime) {
		if (servers.isEmpty()) {
			throw new IllegalArgumentException("A remote segment store needs at least one server");
		}
		if (initialBackOff.isNegative() || maxBackOff.compareTo(initialBackOff) < 0
				|| maxBackOff.compareTo(MAX_BACK_OFF) > 0) {
			throw new IllegalArgumentException("The back-off must be positive, at most the maximum back-off, and that "
					+ "at most " + MAX_BACK_OFF.toDays() + " days");
		}
		this.servers = List.copyOf(servers);
		this.token = token;
		this.initialBackOff = initialBackOff;
		this.maxBackOff = maxBackOff;
		this.nanoTime = nanoTime;
	}

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		SequenceNames.validateCounter(sequence);
		if (step < 1) {
			throw new IllegalArgumentException("step must be at least 1 but was " + step);
		}
		List<String> failures = new ArrayList<>();
		for (RemoteServer server : inAskingOrder()) {
			Reply reply = call(server, () -> reserve(server, sequence, step));
			if (reply.segment() != null) {
				answered(server);
				server.served();
				this.lastServers.put(sequence, server.displayName());
				return reply.segment();
			}
			if (reply.refusal() != null) {
				answered(server);
				throw reply.refusal();
			}
			if (Thread.currentThread().isInterrupted()) {
				throw new BackendUnavailableException("Interrupted while reserving a segment of sequence "
						+ SequenceNames.quote(sequence) + " from ID server " + server.displayName());
			}
			failed(server, reply.failure());
			failures.add(server.displayName() + ": " + reply.failure());
		}
		throw new BackendUnavailableException("No ID server reserved a segment of sequence "
				+ SequenceNames.quote(sequence) + " (" + String.join("; ", failures) + ")");
	}

	/**
	 * Check that at least one server answers {@code GET /api/v1/health} with a 2xx
	 * status, that is, that it answers and its store does. A probe changes no server's
	 * back-off: a server whose health answers while its reservations fail stays backed
	 * off.
	 */
	@Override
	public void checkAvailable() {
		List<String> failures = new ArrayList<>();
		for (RemoteServer server : inAskingOrder()) {
			Reply reply = call(server, () -> health(server));
			if (reply.failure() == null) {
				return;
			}
			failures.add(server.displayName() + ": " + reply.failure());
		}
		throw new BackendUnavailableException("No ID server answered (" + String.join("; ", failures) + ")");
	}

	/**
	 * Return each server's state and the server that reserved the last segment of each
	 * sequence.
	 * @return {@code servers}, a list of each server's URL, state, failures in a row,
	 * last failure and segments served, and {@code lastServers}, sequence to server URL
	 */
	@Override
	public Map<String, Object> details() {
		long now = this.nanoTime.getAsLong();
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("servers", this.servers.stream().map((server) -> server.details(now)).toList());
		details.put("lastServers", Map.copyOf(this.lastServers));
		return details;
	}

	/**
	 * Return the servers, in their configured order.
	 * @return the servers
	 */
	public List<RemoteServer> servers() {
		return this.servers;
	}

	/**
	 * Return the servers in the order to ask them: those not backed off in their
	 * configured order, then the backed-off ones, soonest retry first. Each retry time is
	 * read once, so that fetch threads changing it meanwhile cannot upset the sort.
	 */
	private List<RemoteServer> inAskingOrder() {
		long now = this.nanoTime.getAsLong();
		List<RemoteServer> ready = new ArrayList<>();
		List<Map.Entry<Long, RemoteServer>> backingOff = new ArrayList<>();
		for (RemoteServer server : this.servers) {
			long retryAt = server.retryAtNanos();
			if (server.isBackingOff(now)) {
				backingOff.add(Map.entry(retryAt - now, server));
			}
			else {
				ready.add(server);
			}
		}
		backingOff.sort(Map.Entry.comparingByKey());
		backingOff.forEach((entry) -> ready.add(entry.getValue()));
		return ready;
	}

	private Reply call(RemoteServer server, RemoteCall call) {
		try {
			return Objects.requireNonNull(call.call(), "reply");
		}
		catch (RestClientException ex) {
			logger.debug("ID server {} failed", server.displayName(), ex);
			return Reply.failure(FailureDescriptions.describe(ex));
		}
	}

	private Reply reserve(RemoteServer server, String sequence, long step) {
		return server.client()
			.post()
			.uri(SEGMENTS_PATH, sequence)
			.headers(this::authorize)
			.contentType(MediaType.APPLICATION_JSON)
			.accept(MediaType.APPLICATION_JSON, MediaType.APPLICATION_PROBLEM_JSON)
			.body(SegmentRequest.json(step))
			.exchange((request, response) -> {
				int status = response.getStatusCode().value();
				if (status >= 200 && status < 300) {
					return segment(sequence, step, response.bodyTo(SegmentReply.class));
				}
				return RemoteRefusals.of(server, sequence, status, ProblemTypes.read(response));
			});
	}

	private Reply health(RemoteServer server) {
		return server.client()
			.get()
			.uri(HEALTH_PATH)
			.headers(this::authorize)
			.accept(MediaType.APPLICATION_JSON, MediaType.APPLICATION_PROBLEM_JSON)
			.exchange((request, response) -> {
				int status = response.getStatusCode().value();
				return (status >= 200 && status < 300) ? Reply.ANSWERED
						: Reply.failure("GET " + HEALTH_PATH + " answered " + status);
			});
	}

	private void authorize(HttpHeaders headers) {
		if (this.token != null) {
			headers.setBearerAuth(this.token);
		}
	}

	/**
	 * Return the segment of an answer, or a failure if the answer is not a segment of the
	 * sequence of at most the size asked for.
	 */
	static Reply segment(String sequence, long step, SegmentReply reply) {
		if (reply == null || !sequence.equals(reply.sequence()) || reply.start() == null || reply.count() < 1
				|| reply.count() > step || reply.stride() < 1) {
			return Reply.failure("answered with something that is not a segment of at most " + step + " IDs");
		}
		try {
			long start = Long.parseLong(reply.start());
			long last = Math.addExact(start, Math.multiplyExact(reply.count() - 1, reply.stride()));
			if (start < 1 || last == Long.MAX_VALUE) {
				return Reply.failure("answered with a segment outside 1 to " + (Long.MAX_VALUE - 1));
			}
			return Reply.of(new Segment(start, last + 1, reply.stride()));
		}
		catch (NumberFormatException | ArithmeticException ex) {
			return Reply.failure("answered with a segment outside 1 to " + (Long.MAX_VALUE - 1));
		}
	}

	private void answered(RemoteServer server) {
		if (server.answered()) {
			logger.info("ID server {} answers again", server.displayName());
		}
	}

	private void failed(RemoteServer server, String failure) {
		if (server.failed(failure, this.nanoTime.getAsLong(), this.initialBackOff, this.maxBackOff)) {
			logger.warn("ID server {} failed ({}); the other servers are asked first for at least {}",
					server.displayName(), failure, this.initialBackOff);
		}
	}

	@FunctionalInterface
	private interface RemoteCall {

		Reply call();

	}

	/**
	 * What a server answered: a segment, a refusal that a retry will not change, or a
	 * failure that another server or a later try may not have.
	 *
	 * @param segment the reserved segment
	 * @param refusal the exception to throw at once
	 * @param failure the description of the failure
	 */
	record Reply(Segment segment, RuntimeException refusal, String failure) {

		static final Reply ANSWERED = new Reply(null, null, null);

		static Reply of(Segment segment) {
			return new Reply(segment, null, null);
		}

		static Reply refusal(RuntimeException refusal) {
			return new Reply(null, refusal, null);
		}

		static Reply failure(String failure) {
			return new Reply(null, null, failure);
		}

	}

}
