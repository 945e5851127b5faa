package io.github.idgen.remote;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.SegmentServerDouble;
import io.github.idgen.test.SegmentServerDouble.Failure;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RemoteSegmentStore} against two HTTP servers that reserve from one
 * real store, as idgen ID servers do, and that a test makes fail.
 */
class RemoteSegmentStoreTest {

	private static final String TOKEN = "s3cret-token-of-the-test";

	private static final Duration TIMEOUT = Duration.ofMillis(500);

	private static final Duration BACK_OFF = Duration.ofSeconds(2);

	private final AtomicLong nanoTime = new AtomicLong(System.nanoTime());

	private final String order = uniqueName("order");

	private final String bounded = uniqueName("bounded");

	private SegmentServerDouble first;

	private SegmentServerDouble second;

	@BeforeEach
	void startServers() {
		DataSource dataSource = TestBackends.h2();
		new JdbcSegmentSchema(dataSource, "idgen_remote_test").createIfMissing();
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource, "idgen_remote_test");
		Map<String, SequenceBounds> sequences = Map.of(this.order, SequenceBounds.startingAt(1_000_000), this.bounded,
				new SequenceBounds(1, 25, false));
		this.first = new SegmentServerDouble(store, sequences);
		this.second = new SegmentServerDouble(store, sequences);
	}

	@AfterEach
	void stopServers() {
		this.first.close();
		this.second.close();
	}

	@Test
	void reservesSegmentsOfTheServersSequenceWithTheToken() {
		RemoteSegmentStore store = store(this.first, this.second);
		assertThat(store.allocate(this.order, 100, 1)).isEqualTo(new Segment(1_000_000, 1_000_100));
		assertThat(store.allocate(this.order, 10, 1)).isEqualTo(new Segment(1_000_100, 1_000_110));
		assertThat(this.first.authorizations()).containsOnly("Bearer " + TOKEN);
		assertThat(this.second.authorizations()).isEmpty();
		assertThat(store.details()).extractingByKey("lastServers")
			.isEqualTo(Map.of(this.order, this.first.url().toString()));
	}

	@Test
	void clientsOfDifferentServersBufferingConcurrentlyNeverShareAnId() throws Exception {
		List<SegmentSequences> clients = List.of(sequences(store(this.first, this.second)),
				sequences(store(this.second, this.first)), sequences(store(this.first, this.second)));
		try {
			List<Callable<List<Long>>> draws = new ArrayList<>();
			for (SegmentSequences client : clients) {
				SegmentBuffer buffer = client.create(this.order);
				for (int thread = 0; thread < 4; thread++) {
					draws.add(() -> {
						List<Long> ids = new ArrayList<>();
						for (int i = 0; i < 5_000; i++) {
							ids.add(buffer.next());
						}
						return ids;
					});
				}
			}
			List<Long> all = runTogether(draws).stream().flatMap(List::stream).toList();
			Set<Long> distinct = new HashSet<>(all);
			assertThat(distinct).as("distinct IDs of 12 threads of 3 clients").hasSize(60_000);
			assertThat(all).allSatisfy((id) -> assertThat(id).isGreaterThanOrEqualTo(1_000_000));
			assertThat(this.first.served(this.order)).isPositive();
			assertThat(this.second.served(this.order)).isPositive();
		}
		finally {
			clients.forEach(SegmentSequences::close);
		}
	}

	@Test
	void aServerThatIsDownIsSkippedAndAskedFirstAgainAfterItsBackOff() {
		RemoteSegmentStore store = store(this.first, this.second);
		this.first.stop();
		assertThat(store.allocate(this.order, 10, 1).start()).isEqualTo(1_000_000);
		assertThat(this.second.served(this.order)).isEqualTo(1);
		assertThat(serverStates(store)).containsExactly("BACKING_OFF", "UP");
		this.first.start();
		store.allocate(this.order, 10, 1);
		assertThat(this.first.served(this.order)).as("asked during its back-off").isZero();
		this.nanoTime.addAndGet(BACK_OFF.toNanos() + 1);
		store.allocate(this.order, 10, 1);
		assertThat(this.first.served(this.order)).as("asked after its back-off").isEqualTo(1);
		assertThat(serverStates(store)).containsExactly("UP", "UP");
	}

	@Test
	void aServerThatStallsIsLeftAfterTheTimeout() {
		RemoteSegmentStore store = store(this.first, this.second);
		this.first.failWith(Failure.stall(Duration.ofSeconds(10)));
		long started = System.nanoTime();
		assertThat(store.allocate(this.order, 10, 1)).isEqualTo(new Segment(1_000_000, 1_000_010));
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
		assertThat(store.details().toString()).contains("BACKING_OFF");
	}

	@Test
	void serverErrorsAndAnswersThatAreNoSegmentFailOverToTheNextServer() {
		List<Failure> failures = List.of(Failure.status(503, "store-unavailable"), Failure.status(500, "internal"),
				Failure.status(429, "too-many-requests"),
				Failure.body("{\"sequence\":\"" + this.order + "\",\"start\":\"1\",\"count\":11,\"stride\":1}"),
				Failure.body("{\"sequence\":\"other\",\"start\":\"1\",\"count\":1,\"stride\":1}"),
				Failure.body("{\"sequence\":\"" + this.order + "\",\"start\":\"x\",\"count\":1,\"stride\":1}"),
				Failure.body("{\"sequence\":\"" + this.order + "\",\"start\":\"9223372036854775807\",\"count\":1,"
						+ "\"stride\":1}"),
				Failure.body("not json"));
		long expectedStart = 1_000_000;
		for (Failure failure : failures) {
			RemoteSegmentStore store = store(this.first, this.second);
			this.first.failWith(failure);
			assertThat(store.allocate(this.order, 10, 1)).as(failure.toString())
				.isEqualTo(new Segment(expectedStart, expectedStart + 10));
			expectedStart += 10;
		}
	}

	@Test
	void whenEveryServerFailsTheReservationIsUnavailableNamingEachServerAndNotTheToken() {
		RemoteSegmentStore store = store(this.first, this.second);
		this.first.stop();
		this.second.failWith(Failure.status(503, "store-unavailable"));
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> store.allocate(this.order, 10, 1))
			.withMessageContaining(this.first.url().toString())
			.withMessageContaining(this.second.url().toString() + ": answered 503 store-unavailable")
			.withMessageContaining(this.order)
			.withMessageNotContaining(TOKEN);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(store::checkAvailable);
		this.second.failWith(null);
		store.checkAvailable();
		assertThat(store.allocate(this.order, 10, 1).start()).isEqualTo(1_000_000);
	}

	@Test
	void refusalsReachTheCallerAtOnceWithoutAskingTheNextServer() {
		RemoteSegmentStore store = store(this.first, this.second);
		this.first.failWith(Failure.status(401, "unauthorized"));
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.allocate(this.order, 10, 1))
			.withMessageContaining("idgen.remote.token")
			.withMessageNotContaining(TOKEN);
		this.first.failWith(Failure.status(403, "forbidden"));
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.allocate(this.order, 10, 1))
			.withMessageContaining("does not let this client use sequence '" + this.order + "'");
		this.first.failWith(Failure.status(409, "not-segmentable"));
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.allocate(this.order, 10, 1))
			.withMessageContaining("in segments");
		this.first.failWith(null);
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.allocate("not-served", 10, 1))
			.withMessageContaining("does not serve sequence 'not-served'");
		assertThat(this.second.authorizations()).as("calls to the second server").isEmpty();
		assertThat(serverStates(store)).containsExactly("UP", "UP");
	}

	@Test
	void aBoundedSequenceOfTheServerRunsOutWithTheServersBoundsNotTheCallers() {
		RemoteSegmentStore store = store(this.first, this.second);
		assertThat(store.allocate(this.bounded, 20, 1)).isEqualTo(new Segment(1, 21));
		assertThat(store.allocate(this.bounded, 20, 1)).as("cut by the server's max-value")
			.isEqualTo(new Segment(21, 26));
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> store.allocate(this.bounded, 20, 1))
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo(this.bounded));
	}

	@Test
	void aReservationInterruptedWhileTheServerStallsEndsAtOnceWithoutCountingTheServerAsFailed() throws Exception {
		RemoteSegmentStore store = store(Duration.ofSeconds(20), this.first);
		this.first.failWith(Failure.stall(Duration.ofSeconds(10)));
		AtomicReference<Throwable> thrown = new AtomicReference<>();
		AtomicBoolean interruptedAfter = new AtomicBoolean();
		Thread reserving = new Thread(() -> {
			try {
				store.allocate(this.order, 10, 1);
			}
			catch (Throwable ex) {
				thrown.set(ex);
			}
			interruptedAfter.set(Thread.currentThread().isInterrupted());
		});
		reserving.start();
		Thread.sleep(300);
		long interrupted = System.nanoTime();
		reserving.interrupt();
		reserving.join(5_000);
		assertThat(reserving.isAlive()).isFalse();
		assertThat(Duration.ofNanos(System.nanoTime() - interrupted)).isLessThan(Duration.ofSeconds(3));
		assertThat(thrown.get()).isInstanceOf(BackendUnavailableException.class).hasMessageContaining("Interrupted");
		assertThat(interruptedAfter).isTrue();
		assertThat(serverStates(store)).containsExactly("UP");
	}

	@Test
	void aServerUrlWithUserInformationIsRefusedWithoutShowingThePassword() {
		URI url = URI.create("http://operator:hunter2@127.0.0.1:" + this.first.url().getPort());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RemoteServer(url, RestClient.builder().baseUrl(url.toString()).build()))
			.withMessageContaining(this.first.url().toString())
			.withMessageNotContaining("hunter2");
	}

	private RemoteSegmentStore store(SegmentServerDouble... servers) {
		return store(TIMEOUT, servers);
	}

	private RemoteSegmentStore store(Duration timeout, SegmentServerDouble... servers) {
		List<RemoteServer> remote = new ArrayList<>();
		for (SegmentServerDouble server : servers) {
			remote.add(RemoteServer.create(server.url(), timeout, null, RestClient.builder()));
		}
		return new RemoteSegmentStore(remote, TOKEN, BACK_OFF, BACK_OFF.multipliedBy(8), this.nanoTime::get);
	}

	private static SegmentSequences sequences(RemoteSegmentStore store) {
		return new SegmentSequences(store,
				new SegmentSettings(1, 50, new StepPolicy(10, 500, Duration.ofSeconds(1)), 0.5, Duration.ofSeconds(10)),
				Map.of());
	}

	@SuppressWarnings("unchecked")
	private static List<String> serverStates(RemoteSegmentStore store) {
		return ((List<Map<String, Object>>) store.details().get("servers")).stream()
			.map((server) -> (String) server.get("state"))
			.toList();
	}

}
