package io.github.idgen.redis;

import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.CounterLostException;
import io.github.idgen.RecordingObserver;
import io.github.idgen.jdbc.JdbcCounterFloor;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;
import io.github.idgen.test.SwitchableConnectionFactory;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The counter of a sequence is served by another Redis server process than the one that
 * reserved its last IDs: a replica promoted while it was behind, a server restarted from
 * an older snapshot or without persistence. Instance A reserves IDs 1 to 100 on the
 * master, which the replica receives; the replica is cut off and instance B reserves 101
 * to 200 on the master alone; then both move to the promoted replica, whose counter
 * stands at 100. Without a defence, A would receive 101 to 200 again. Each test runs on
 * Redis servers of its own.
 */
class RedisServerChangeTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-change:");

	private static final long JUMP = 1000;

	@RegisterExtension
	final RedisServerExtension masterServer = new RedisServerExtension();

	@RegisterExtension
	final RedisServerExtension replicaServer = new RedisServerExtension();

	private final RecordingObserver observer = new RecordingObserver();

	private final String sequence = uniqueName("change");

	private RedisServerProcess master;

	private RedisServerProcess replica;

	@BeforeEach
	void startServers() {
		this.master = this.masterServer.server();
		this.replica = this.replicaServer.server();
		this.replica.replicate(this.master);
	}

	@Test
	void aReplicaPromotedWhileBehindIsRefusedWithoutAJump() {
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(this.master.connectionFactory());
		SwitchableConnectionFactory b = new SwitchableConnectionFactory(this.master.connectionFactory());
		RedisSegmentStore storeA = new RedisSegmentStore(a, KEYS);
		RedisSegmentStore storeB = new RedisSegmentStore(b, KEYS);
		failOverWhileBehind(storeA, storeB, a, b);
		for (RedisSegmentStore store : List.of(storeA, storeB,
				new RedisSegmentStore(this.replica.connectionFactory(), KEYS))) {
			assertThatExceptionOfType(CounterLostException.class)
				.isThrownBy(() -> store.allocate(this.sequence, 100, 1))
				.withMessageContaining("last reserved on another Redis server process")
				.withMessageContaining(runId(this.replica));
			assertThat(store.trippedGuards()).containsOnlyKeys(this.sequence);
		}
		assertThat(this.replica.template().opsForValue().get(KEYS.counter(this.sequence))).isEqualTo("100");
	}

	@Test
	void aReplicaPromotedWhileBehindHasItsCounterMovedOnceByTheJump() {
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(this.master.connectionFactory());
		SwitchableConnectionFactory b = new SwitchableConnectionFactory(this.master.connectionFactory());
		RedisSegmentStore storeA = jumping(a);
		RedisSegmentStore storeB = jumping(b);
		failOverWhileBehind(storeA, storeB, a, b);
		Segment first = assertMovedByTheJumpFrom(100, storeA.allocate(this.sequence, 100, 1));
		assertThat(storeB.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(first.end(), first.end() + 100));
		assertThat(jumping(this.replica.connectionFactory()).allocate(this.sequence, 100, 1))
			.isEqualTo(new Segment(first.end() + 100, first.end() + 200));
		assertThat(this.observer.moved)
			.containsExactly(new RecordingObserver.Moved(this.sequence, 100, first.start() - 1));
		assertThat(this.replica.template().opsForValue().get(KEYS.stamp(this.sequence)))
			.startsWith(runId(this.replica) + ":");
	}

	@Test
	void aReplicaPromotedWhileBehindIsReseededAboveTheFloor() {
		DataSource floorDatabase = TestBackends.h2();
		String table = "idgen_change_" + UUID.randomUUID().toString().substring(0, 8);
		new JdbcSegmentSchema(floorDatabase, table).createIfMissing();
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(this.master.connectionFactory());
		SwitchableConnectionFactory b = new SwitchableConnectionFactory(this.master.connectionFactory());
		RedisSegmentStore storeA = new RedisSegmentStore(a, KEYS, new JdbcCounterFloor(floorDatabase, table), JUMP,
				this.observer);
		RedisSegmentStore storeB = new RedisSegmentStore(b, KEYS, new JdbcCounterFloor(floorDatabase, table), JUMP,
				this.observer);
		failOverWhileBehind(storeA, storeB, a, b);
		assertThat(storeA.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(201, 301));
		assertThat(storeB.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(301, 401));
		assertThat(this.observer.moved).containsExactly(new RecordingObserver.Moved(this.sequence, 100, 200));
	}

	@Test
	void aRestartFromAnOlderSnapshotIsToldAndMovedForward() {
		RedisSegmentStore storeA = jumping(this.master.connectionFactory());
		RedisSegmentStore storeB = jumping(this.master.connectionFactory());
		assertThat(storeA.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		this.master.save();
		assertThat(storeB.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(101, 201));
		this.master.restart();
		assertThat(this.master.template().opsForValue().get(KEYS.counter(this.sequence))).isEqualTo("100");
		Segment first = assertMovedByTheJumpFrom(100, storeA.allocate(this.sequence, 100, 1));
		assertThat(storeB.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(first.end(), first.end() + 100));
	}

	@Test
	void aRestartFromAnOlderSnapshotIsRefusedWithoutAJump() {
		RedisSegmentStore store = new RedisSegmentStore(this.master.connectionFactory(), KEYS);
		store.allocate(this.sequence, 100, 1);
		this.master.save();
		new RedisSegmentStore(this.master.connectionFactory(), KEYS).allocate(this.sequence, 100, 1);
		this.master.restart();
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(this.sequence, 100, 1))
			.withMessageContaining("last reserved on another Redis server process");
	}

	@Test
	void aRestartThatLostEveryKeyMovesTheCounterPastTheHighestIdTheInstanceReceived() {
		RedisSegmentStore storeA = jumping(this.master.connectionFactory());
		RedisSegmentStore storeB = jumping(this.master.connectionFactory());
		storeA.allocate(this.sequence, 100, 1);
		storeB.allocate(this.sequence, 100, 1);
		this.master.restart();
		Segment first = assertMovedByTheJumpFrom(100, storeA.allocate(this.sequence, 100, 1));
		assertThat(storeB.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(first.end(), first.end() + 100));
	}

	@Test
	void aFlushOnTheSameServerMovesTheCounterPastTheHighestIdTheInstanceReceived() {
		RedisSegmentStore store = jumping(this.master.connectionFactory());
		store.allocate(this.sequence, 100, 1);
		this.master.template().delete(List.of(KEYS.counter(this.sequence), KEYS.guard(this.sequence)));
		Segment moved = assertMovedByTheJumpFrom(100, store.allocate(this.sequence, 100, 1));
		assertThat(this.observer.moved)
			.containsExactly(new RecordingObserver.Moved(this.sequence, 100, moved.start() - 1));
	}

	@Test
	void aFlushOnTheSameServerIsRefusedWithoutAJump() {
		RedisSegmentStore store = new RedisSegmentStore(this.master.connectionFactory(), KEYS);
		store.allocate(this.sequence, 100, 1);
		this.master.template().delete(List.of(KEYS.counter(this.sequence), KEYS.guard(this.sequence)));
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(this.sequence, 100, 1))
			.withMessageContaining("missing");
		assertThat(this.master.template().hasKey(KEYS.counter(this.sequence))).isFalse();
	}

	@Test
	void aCounterWrittenBeforeStampsExistedIsTrustedAndStamped() {
		this.master.template().opsForValue().set(KEYS.counter(this.sequence), "500");
		this.master.template().opsForValue().set(KEYS.guard(this.sequence), "500");
		assertThat(new RedisSegmentStore(this.master.connectionFactory(), KEYS).allocate(this.sequence, 100, 1))
			.isEqualTo(new Segment(501, 601));
		assertThat(this.master.template().opsForValue().get(KEYS.stamp(this.sequence)))
			.startsWith(runId(this.master) + ":");
	}

	@Test
	void aCyclicSequenceIsMovedThroughItsCycles() {
		SequenceBounds bounds = new SequenceBounds(1, 100, true);
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(this.master.connectionFactory());
		RedisSegmentStore store = new RedisSegmentStore(a, KEYS, null, 250, this.observer);
		assertThat(store.allocate(this.sequence, 30, bounds)).isEqualTo(new Segment(1, 31));
		this.replica.awaitReplicated(this.master);
		this.replica.promote();
		a.switchTo(this.replica.connectionFactory());
		Segment moved = store.allocate(this.sequence, 30, bounds);
		assertThat(moved.end()).as("cut at the max-value").isEqualTo(101);
		assertThat(moved.start()).as("30 + 250 (and a little for the time since) positions on").isBetween(81L, 91L);
		assertThat(this.replica.template().opsForValue().get(KEYS.cycle(this.sequence))).isEqualTo("2");
	}

	@Test
	void incrementModeTellsAReplicaPromotedWhileBehind() {
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(this.master.connectionFactory());
		SwitchableConnectionFactory b = new SwitchableConnectionFactory(this.master.connectionFactory());
		RedisIncrementSequence sequenceA = new RedisIncrementSequence(jumping(a), this.sequence, 1);
		RedisIncrementSequence sequenceB = new RedisIncrementSequence(jumping(b), this.sequence, 1);
		assertThat(sequenceA.next(100)).startsWith(1).endsWith(100);
		this.replica.awaitReplicated(this.master);
		this.replica.promote();
		assertThat(sequenceB.next(100)).startsWith(101).endsWith(200);
		a.switchTo(this.replica.connectionFactory());
		b.switchTo(this.replica.connectionFactory());
		long first = sequenceA.next();
		assertThat(first).isBetween(100 + JUMP + 1, 100 + 2 * JUMP + 1);
		assertThat(sequenceB.next()).isEqualTo(first + 1);
	}

	/**
	 * The limit the README states: a sequence first used on the master after the replica
	 * fell behind has no key on the promoted replica, so it looks new there, and an
	 * instance that never had its IDs creates it anew and receives them again. Only a
	 * floor tells.
	 */
	@Test
	void aSequenceTheReplicaLacksEntirelyLooksNewWithoutAFloor() {
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(this.master.connectionFactory());
		SwitchableConnectionFactory b = new SwitchableConnectionFactory(this.master.connectionFactory());
		RedisSegmentStore storeB = jumping(b);
		storeB.allocate(uniqueName("other"), 100, 1);
		this.replica.awaitReplicated(this.master);
		this.replica.promote();
		assertThat(jumping(a).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		b.switchTo(this.replica.connectionFactory());
		assertThat(storeB.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
	}

	@Test
	void aSequenceTheReplicaLacksEntirelyIsReseededAboveTheFloor() {
		DataSource floorDatabase = TestBackends.h2();
		String table = "idgen_change_" + UUID.randomUUID().toString().substring(0, 8);
		new JdbcSegmentSchema(floorDatabase, table).createIfMissing();
		SwitchableConnectionFactory b = new SwitchableConnectionFactory(this.master.connectionFactory());
		RedisSegmentStore storeB = new RedisSegmentStore(b, KEYS, new JdbcCounterFloor(floorDatabase, table), JUMP,
				this.observer);
		storeB.allocate(uniqueName("other"), 100, 1);
		this.replica.awaitReplicated(this.master);
		this.replica.promote();
		RedisSegmentStore storeA = new RedisSegmentStore(this.master.connectionFactory(), KEYS,
				new JdbcCounterFloor(floorDatabase, table), JUMP, this.observer);
		assertThat(storeA.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		b.switchTo(this.replica.connectionFactory());
		assertThat(storeB.allocate(this.sequence, 100, 1).start()).isGreaterThan(100);
	}

	/**
	 * Every restart counts as a change of server, one that lost nothing too: without a
	 * jump it is refused until the stamp is set to the new run id, as the refusal says.
	 */
	@Test
	void aLosslessRestartIsRefusedWithoutAJumpUntilTheStampNamesTheNewServer() {
		RedisSegmentStore store = new RedisSegmentStore(this.master.connectionFactory(), KEYS);
		store.allocate(this.sequence, 100, 1);
		this.master.save();
		this.master.restart();
		assertThat(this.master.template().opsForValue().get(KEYS.counter(this.sequence))).isEqualTo("100");
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(this.sequence, 100, 1))
			.withMessageContaining(
					"set the key '" + KEYS.stamp(this.sequence) + "' to '" + ServerNames.of(this.master) + ":");
		this.master.template().opsForValue().set(KEYS.stamp(this.sequence), ServerNames.of(this.master) + ":0");
		assertThat(new RedisSegmentStore(this.master.connectionFactory(), KEYS).allocate(this.sequence, 100, 1))
			.isEqualTo(new Segment(101, 201));
	}

	/**
	 * Stamps written before the reserve script read replication ids name the run id
	 * alone: an upgrade finds them, and trusts a counter that the same server process
	 * stamped, as before, until its next reservation stamps it anew; one of another
	 * process is moved.
	 */
	@Test
	void aStampThatNamesARunIdAloneIsTrustedOnThatServerOnly() {
		RedisSegmentStore store = jumping(this.master.connectionFactory());
		store.allocate(this.sequence, 100, 1);
		this.master.template()
			.opsForValue()
			.set(KEYS.stamp(this.sequence), runId(this.master) + ":" + millis(this.master));
		assertThat(jumping(this.master.connectionFactory()).allocate(this.sequence, 100, 1))
			.isEqualTo(new Segment(101, 201));
		assertThat(this.master.template().opsForValue().get(KEYS.stamp(this.sequence)))
			.startsWith(ServerNames.of(this.master) + ":");
		this.master.template()
			.opsForValue()
			.set(KEYS.stamp(this.sequence), runId(this.replica) + ":" + millis(this.master));
		assertMovedByTheJumpFrom(200, jumping(this.master.connectionFactory()).allocate(this.sequence, 100, 1));
	}

	@Test
	void aStampOfAnotherServerWithATimeTooLongForALongIsMovedPastWithoutThatTime() {
		RedisSegmentStore store = jumping(this.master.connectionFactory());
		store.allocate(this.sequence, 100, 1);
		this.master.template().opsForValue().set(KEYS.stamp(this.sequence), "abc:99999999999999999999");
		assertMovedByTheJumpFrom(100, store.allocate(this.sequence, 100, 1));
	}

	private void failOverWhileBehind(RedisSegmentStore storeA, RedisSegmentStore storeB, SwitchableConnectionFactory a,
			SwitchableConnectionFactory b) {
		assertThat(storeA.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		this.replica.awaitReplicated(this.master);
		this.replica.promote();
		assertThat(storeB.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(101, 201));
		a.switchTo(this.replica.connectionFactory());
		b.switchTo(this.replica.connectionFactory());
	}

	/**
	 * Assert that a segment follows a counter moved from {@code from} by the jump and as
	 * much again per minute since its last reservation, less than a minute in a test.
	 */
	private static Segment assertMovedByTheJumpFrom(long from, Segment segment) {
		assertThat(segment.start()).as("the first ID after the move").isBetween(from + JUMP + 1, from + 2 * JUMP + 1);
		return segment;
	}

	private RedisSegmentStore jumping(RedisConnectionFactory connectionFactory) {
		return new RedisSegmentStore(connectionFactory, KEYS, null, JUMP, this.observer);
	}

	private static long millis(RedisServerProcess server) {
		return Long.parseLong(server.info("server").getProperty("server_time_usec")) / 1000;
	}

	private static String runId(RedisServerProcess server) {
		return server.info("server").getProperty("run_id");
	}

}
