package io.github.idgen.redis;

import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.RecordingObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A failback to a former master that keeps its run id: master A and replica B; instance
 * I1 reserves IDs 1 to 100, which reach B; B is promoted while A goes on serving instance
 * I2, which reserves 101 to 200 on A alone; A rejoins as B's replica and resyncs (its
 * counter is 100 again, and the stamp is the one A wrote for I1, naming A's own run id);
 * then the operators fail back to A. A new instance must not receive 101 to 200 a second
 * time. And the cases in which the replication id of a server changes without any change
 * of data: a backlog created when the first replica attaches, and one freed after the
 * replicas left ({@code repl-backlog-ttl}). Each test runs on Redis servers of its own.
 */
class RedisFailbackTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-failback:");

	private static final long JUMP = 1000;

	private static final String NO_REPLICATION_ID = "0000000000000000000000000000000000000000";

	@RegisterExtension
	final RedisServerExtension serverA = new RedisServerExtension();

	@RegisterExtension
	final RedisServerExtension serverB = new RedisServerExtension();

	private final RecordingObserver observer = new RecordingObserver();

	private final String sequence = uniqueName("failback");

	private RedisServerProcess a;

	private RedisServerProcess b;

	@BeforeEach
	void startServers() {
		this.a = this.serverA.server();
		this.b = this.serverB.server();
	}

	@Test
	void aFormerMasterFailedBackToAfterItResyncedHasItsCounterMovedByTheJump() {
		failBackAfterALostWrite();
		Segment served = jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1);
		assertThat(served.start()).as("the first ID a new instance receives after the failback")
			.isBetween(100 + JUMP + 1, 100 + 2 * JUMP + 1);
		assertThat(this.observer.moved)
			.containsExactly(new RecordingObserver.Moved(this.sequence, 100, served.start() - 1));
	}

	@Test
	void aFormerMasterFailedBackToAfterItResyncedIsRefusedWithoutAJump() {
		failBackAfterALostWrite();
		RedisSegmentStore store = new RedisSegmentStore(this.a.connectionFactory(), KEYS);
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(this.sequence, 100, 1))
			.withMessageContaining("last reserved on another Redis server process");
		assertThat(this.a.template().opsForValue().get(KEYS.counter(this.sequence))).isEqualTo("100");
	}

	@Test
	void incrementModeTellsAFailback() {
		failBackAfterALostWrite();
		long first = new RedisIncrementSequence(jumping(this.a.connectionFactory()), this.sequence, 1).next();
		assertThat(first).as("the first ID after the failback").isBetween(100 + JUMP + 1, 100 + 2 * JUMP + 1);
	}

	/**
	 * A failback that a freed backlog follows before the sequence is reserved again: the
	 * backlog's end renews A's replication id and clears the one that told the promotion,
	 * and still the change is told.
	 */
	@Test
	void aFailbackFollowedByAFreedBacklogIsStillTold() {
		failBackAfterALostWrite();
		freeBacklog(this.a);
		Segment served = jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1);
		assertThat(served.start()).as("the first ID after the failback and the freed backlog")
			.isGreaterThan(100 + JUMP);
	}

	/**
	 * The first replica that attaches to a master without one creates its backlog, which
	 * renews the master's replication id; nothing changed in its data, so nothing is
	 * moved.
	 */
	@Test
	void aReplicaAttachingToAMasterThatHadNoneChangesNothing() {
		assertThat(jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		String before = replicationId(this.a);
		this.b.replicate(this.a);
		assertThat(replicationId(this.a)).as("A's replication id once a replica attached").isNotEqualTo(before);
		assertThat(jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1))
			.isEqualTo(new Segment(101, 201));
		assertThat(this.observer.moved).isEmpty();
	}

	/**
	 * A master whose replicas left frees its backlog after {@code repl-backlog-ttl} and
	 * renews its replication id just as after a failback and a freed backlog: it counts
	 * as a change, as the README says, and the counter is moved (a gap, never a repeat).
	 */
	@Test
	void aBacklogFreedOnAMasterThatStayedMasterCountsAsAChange() {
		this.b.replicate(this.a);
		assertThat(jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		this.b.promote();
		freeBacklog(this.a);
		assertThat(jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1).start())
			.isGreaterThan(100 + JUMP);
	}

	/**
	 * A replica that accepts writes ({@code replica-read-only no}), reached by an
	 * instance as if it were the master (a name still pointing at a demoted master, a
	 * wrong address): its writes stay on it and never reach the master, so IDs reserved
	 * there are reserved again on the master. The reservation must be refused as on a
	 * read-only replica ({@code READONLY}, retried), and nothing written on the replica.
	 */
	@Test
	void aWritableReplicaIsRefusedAsAReadOnlyOneIs() {
		this.b.replicate(this.a);
		this.b.cli("CONFIG", "SET", "replica-read-only", "no");
		RedisSegmentStore onMaster = jumping(this.a.connectionFactory());
		assertThat(onMaster.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		this.b.awaitReplicated(this.a);
		Set<Long> onReplica = new HashSet<>();
		Throwable refused = catchThrowable(() -> {
			Segment segment = jumping(this.b.connectionFactory()).allocate(this.sequence, 100, 1);
			LongStream.range(segment.start(), segment.end()).forEach(onReplica::add);
		});
		for (long served = 0; served < 2 * JUMP;) {
			Segment segment = onMaster.allocate(this.sequence, 100, 1);
			served += segment.end() - segment.start();
			LongStream.range(segment.start(), segment.end())
				.forEach((id) -> assertThat(onReplica).as("IDs served on the replica").doesNotContain(id));
		}
		assertThat(onReplica).as("IDs served on the replica").isEmpty();
		assertThat(refused).isInstanceOf(BackendUnavailableException.class)
			.rootCause()
			.hasMessageStartingWith("READONLY idgen reserves IDs on a master only");
	}

	/**
	 * The same writable replica used as a stripe: a compare-and-set there succeeds on a
	 * copy its master never sees, so that the same compare-and-set on the master succeeds
	 * too and two instances take the same range. It must be refused.
	 */
	@Test
	void aWritableReplicaRefusesACompareAndSetAsAReadOnlyOneDoes() {
		RedisSegmentStore onMaster = new RedisSegmentStore(this.a.connectionFactory(), KEYS);
		assertThat(onMaster.compareAndSet(this.sequence, OptionalLong.empty(), 100)).isTrue();
		this.b.replicate(this.a);
		this.b.cli("CONFIG", "SET", "replica-read-only", "no");
		RedisSegmentStore onReplica = new RedisSegmentStore(this.b.connectionFactory(), KEYS);
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> onReplica.compareAndSet(this.sequence, OptionalLong.of(100), 200))
			.havingRootCause()
			.withMessageStartingWith("READONLY idgen");
		assertThat(onMaster.compareAndSet(this.sequence, OptionalLong.of(100), 200)).isTrue();
	}

	/**
	 * Keys set back within the running process (a {@code FLUSHALL} and a restore of a
	 * dump taken earlier from the same process; {@code DEBUG RELOAD NOSAVE} does the
	 * same): run id, replication id and backlog are unchanged, so nothing tells it, as
	 * the README says. An instance that had later IDs finds the counter behind its
	 * highest ID and moves it; an instance that knows nothing repeats IDs.
	 */
	@Test
	void keysSetBackWithinTheRunningProcessGoUnnoticedByAnInstanceThatKnowsNothing() {
		RedisSegmentStore before = jumping(this.a.connectionFactory());
		assertThat(before.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		List<String> keys = List.of(KEYS.counter(this.sequence), KEYS.guard(this.sequence), KEYS.stamp(this.sequence));
		List<byte[]> dumps = keys.stream().map((key) -> this.a.template().dump(key)).toList();
		assertThat(before.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(101, 201));
		this.a.cli("FLUSHALL");
		for (int i = 0; i < keys.size(); i++) {
			this.a.template().restore(keys.get(i), dumps.get(i), 0, TimeUnit.MILLISECONDS);
		}
		assertThat(jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1))
			.as("a new instance repeats IDs 101 to 200")
			.isEqualTo(new Segment(101, 201));
	}

	/**
	 * Play the failback: I1 reserves 1 to 100 on A, which reach B; B is promoted; I2
	 * reserves 101 to 200 on A, which B never receives; A resyncs from B; A is promoted
	 * again.
	 */
	private void failBackAfterALostWrite() {
		this.b.replicate(this.a);
		assertThat(jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		this.b.awaitReplicated(this.a);
		this.b.promote();
		assertThat(jumping(this.a.connectionFactory()).allocate(this.sequence, 100, 1))
			.isEqualTo(new Segment(101, 201));
		String runIdBefore = runId(this.a);
		this.a.replicate(this.b);
		assertThat(this.a.template().opsForValue().get(KEYS.counter(this.sequence))).as("A's counter once resynced")
			.isEqualTo("100");
		this.a.promote();
		assertThat(runId(this.a)).as("A's run id after the failback").isEqualTo(runIdBefore);
		assertThat(this.a.template().opsForValue().get(KEYS.stamp(this.sequence))).as("the stamp A finds")
			.startsWith(runIdBefore + ":");
	}

	/**
	 * Let a master without replicas free its backlog: {@code repl-backlog-ttl} of a
	 * second, then wait until it did.
	 */
	private static void freeBacklog(RedisServerProcess server) {
		server.cli("CONFIG", "SET", "repl-backlog-ttl", "1");
		long deadline = System.currentTimeMillis() + 10_000;
		for (;;) {
			Properties replication = server.info("replication");
			if ("0".equals(replication.getProperty("repl_backlog_active"))) {
				assertThat(replication.getProperty("master_replid2")).isEqualTo(NO_REPLICATION_ID);
				return;
			}
			assertThat(System.currentTimeMillis()).as("the backlog freed within 10 s").isLessThan(deadline);
			sleep(100);
		}
	}

	private RedisSegmentStore jumping(RedisConnectionFactory connectionFactory) {
		return new RedisSegmentStore(connectionFactory, KEYS, null, JUMP, this.observer);
	}

	private static String runId(RedisServerProcess server) {
		return server.info("server").getProperty("run_id");
	}

	private static String replicationId(RedisServerProcess server) {
		return server.info("replication").getProperty("master_replid");
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
