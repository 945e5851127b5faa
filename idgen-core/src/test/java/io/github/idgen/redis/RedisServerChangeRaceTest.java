package io.github.idgen.redis;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.RecordingObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;
import io.github.idgen.test.SwitchableConnectionFactory;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The harder interleavings of a change of Redis server: a counter restored to the same
 * state twice, a caller that knows nothing arriving while another moves the counter, a
 * mover that dies half way, a bounded sequence, an operator's recovery. Found by an
 * adversarial review; each test runs on Redis servers of its own. The jump is a million
 * IDs per minute, more than these tests reserve in the time between two changes.
 */
class RedisServerChangeRaceTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-change-race:");

	private static final long JUMP = 1_000_000;

	@RegisterExtension
	final RedisServerExtension first = new RedisServerExtension();

	@RegisterExtension
	final RedisServerExtension second = new RedisServerExtension();

	@RegisterExtension
	final RedisServerExtension third = new RedisServerExtension();

	private final RecordingObserver observer = new RecordingObserver();

	private final String sequence = uniqueName("attack");

	/**
	 * A Redis that crashes twice within one snapshot interval (a crash loop) restarts
	 * twice from the same RDB. After the first restart instance B moves the counter and
	 * hands out IDs; the second restart loses that move; instance A, which had not
	 * reserved since the first change, finds the very same restored state, but later, and
	 * moves the counter further than B did.
	 */
	@Test
	void aSecondRestartFromTheSameSnapshotMovesTheCounterFurtherThanTheFirst() {
		RedisServerProcess server = this.first.server();
		RedisSegmentStore storeA = jumping(server.connectionFactory());
		RedisSegmentStore storeB = jumping(server.connectionFactory());
		assertThat(storeA.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		server.save();
		server.restart();
		Segment handedOutByB = storeB.allocate(this.sequence, 100, 1);
		awaitMoreThanReservedSinceAtJumpRate(100);
		server.restart();
		Segment handedOutByA = storeA.allocate(this.sequence, 100, 1);
		assertThat(overlap(handedOutByA, handedOutByB))
			.as("A received %s, B had received %s: IDs handed out twice", handedOutByA, handedOutByB)
			.isZero();
	}

	/**
	 * The same with two failovers in a row: replica R1 is promoted and instance B moves
	 * the counter there; R1 dies before R2, its replica, has the move, and R2 is
	 * promoted. Instance A, which reserved nothing on R1, moves the counter further than
	 * B did.
	 */
	@Test
	void aSecondFailoverThatLosesTheMoveMovesTheCounterFurtherThanTheFirst() {
		RedisServerProcess master = this.first.server();
		RedisServerProcess r1 = this.second.server();
		RedisServerProcess r2 = this.third.server();
		r1.replicate(master);
		r2.replicate(master);
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(master.connectionFactory());
		SwitchableConnectionFactory b = new SwitchableConnectionFactory(master.connectionFactory());
		RedisSegmentStore storeA = jumping(a);
		RedisSegmentStore storeB = jumping(b);
		assertThat(storeA.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		r1.awaitReplicated(master);
		r2.awaitReplicated(master);
		master.stop();
		r1.promote();
		r2.replicate(r1);
		r2.promote();
		a.switchTo(r1.connectionFactory());
		b.switchTo(r1.connectionFactory());
		Segment handedOutByB = storeB.allocate(this.sequence, 100, 1);
		awaitMoreThanReservedSinceAtJumpRate(100);
		r1.stop();
		a.switchTo(r2.connectionFactory());
		b.switchTo(r2.connectionFactory());
		Segment handedOutByA = storeA.allocate(this.sequence, 100, 1);
		assertThat(overlap(handedOutByA, handedOutByB))
			.as("A received %s, B had received %s: IDs handed out twice", handedOutByA, handedOutByB)
			.isZero();
	}

	/**
	 * The snapshot a Redis restarts from holds a stamp written while its host's clock ran
	 * ten minutes fast (or the clock stepped back since). The time since the counter's
	 * last reservation cannot be told from a stamp in the future: the counter is not
	 * moved on that clock, since a second restart from the same snapshot would move it no
	 * further, but refused as unavailable (retried) until the clock passes the stamp.
	 */
	@Test
	void aStampFromTheFutureIsNotTakenForAClock() {
		RedisServerProcess server = this.first.server();
		assertThat(jumping(server.connectionFactory()).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		stampAhead(server, TimeUnit.MINUTES.toMillis(10));
		server.save();
		server.restart();
		RedisSegmentStore store = jumping(server.connectionFactory());
		assertThat(catchThrowable(() -> store.allocate(this.sequence, 100, 1)))
			.isInstanceOf(BackendUnavailableException.class)
			.hasMessageContaining("behind the time of its last reservation");
		assertThat(server.template().opsForValue().get(KEYS.counter(this.sequence))).isEqualTo("100");
	}

	/**
	 * A stamp far ahead of the server's clock (written while the host's clock was set a
	 * year ahead, a wrong RTC, say): the counter is refused until the clock reaches it, a
	 * year, in every instance, increment mode included. The refusal must say so and name
	 * a recovery that serves the sequence at once, and that recovery must work without a
	 * restart of the instances.
	 */
	@Test
	void aStampFarAheadNamesTheRecoveryThatServesTheSequenceAtOnce() {
		RedisServerProcess server = this.first.server();
		assertThat(jumping(server.connectionFactory()).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		stampAhead(server, TimeUnit.DAYS.toMillis(365));
		server.save();
		server.restart();
		RedisSegmentStore store = jumping(server.connectionFactory());
		String serverName = ServerNames.of(server);
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> new RedisIncrementSequence(store, this.sequence, 1).next())
			.withMessageContaining("set the key '" + KEYS.stamp(this.sequence) + "' to '" + serverName + ":");
		server.template().opsForValue().set(KEYS.counter(this.sequence), "5000");
		server.template().opsForValue().set(KEYS.stamp(this.sequence), serverName + ":0");
		assertThat(store.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(5001, 5101));
	}

	/**
	 * The recovery that a refusal names, applied as named, and then another change before
	 * the sequence is reserved again (a restart, a failover): the counter moves by the
	 * jump and the minutes since the recovery, not by the jump for every minute since
	 * 1970, which the time 0 that the recovery used to write makes it: 3 * 10^13 IDs at
	 * this test's jump, every ID there is for a bounded sequence, which is then refused.
	 */
	@Test
	void aChangeAfterTheRecoveryThatARefusalNamesMovesTheCounterByTheJump() {
		RedisServerProcess server = this.first.server();
		assertThat(jumping(server.connectionFactory()).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		server.save();
		server.restart();
		Throwable refusal = catchThrowable(
				() -> new RedisSegmentStore(server.connectionFactory(), KEYS).allocate(this.sequence, 100, 1));
		assertThat(refusal).isInstanceOf(CounterLostException.class);
		Matcher recovery = Pattern.compile("set the key '([^']+)' to '([^']+)'").matcher(refusal.getMessage());
		assertThat(recovery.find()).as("a recovery in %s", refusal.getMessage()).isTrue();
		server.template().opsForValue().set(KEYS.counter(this.sequence), "5000");
		server.template().opsForValue().set(recovery.group(1), recovery.group(2));
		server.save();
		server.restart();
		Segment moved = jumping(server.connectionFactory()).allocate(this.sequence, 100, 1);
		assertThat(moved.start()).as("the first ID after the change that followed the recovery")
			.isBetween(5000 + JUMP + 1, 5000 + 2 * JUMP + 1);
	}

	/**
	 * The same snapshot, its stamp a second and a half ahead, restored twice: after the
	 * first restart instance B is refused until the clock passes the stamp, then moves
	 * the counter and hands out IDs; the second restart loses that move, and instance A,
	 * which knows nothing of it, moves the counter further than B did.
	 */
	@Test
	void aSnapshotWithAStampFromTheFutureRestoredTwiceMovesFurtherTheSecondTime() {
		RedisServerProcess server = this.first.server();
		RedisSegmentStore storeA = jumping(server.connectionFactory());
		assertThat(storeA.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		stampAhead(server, 1500);
		server.save();
		server.restart();
		RedisSegmentStore storeB = jumping(server.connectionFactory());
		Segment handedOutByB = allocateOnceTheClockPassesTheStamp(storeB);
		awaitMoreThanReservedSinceAtJumpRate(100);
		server.restart();
		Segment handedOutByA = storeA.allocate(this.sequence, 100, 1);
		assertThat(overlap(handedOutByA, handedOutByB))
			.as("A received %s, B had received %s: IDs handed out twice", handedOutByA, handedOutByB)
			.isZero();
	}

	private Segment allocateOnceTheClockPassesTheStamp(RedisSegmentStore store) {
		long deadline = System.currentTimeMillis() + 10_000;
		for (;;) {
			try {
				return store.allocate(this.sequence, 100, 1);
			}
			catch (BackendUnavailableException ex) {
				assertThat(ex).hasMessageContaining("behind the time of its last reservation");
				assertThat(System.currentTimeMillis()).as("served within 10 s").isLessThan(deadline);
				sleep(50);
			}
		}
	}

	/**
	 * Set the time in the stamp of the sequence ahead of the server's clock, as a host
	 * whose clock runs fast would have written it.
	 */
	private void stampAhead(RedisServerProcess server, long millis) {
		String stamp = server.template().opsForValue().get(KEYS.stamp(this.sequence));
		String serverTime = server.info("server").getProperty("server_time_usec");
		long now = Long.parseLong(serverTime) / 1000;
		server.template()
			.opsForValue()
			.set(KEYS.stamp(this.sequence), stamp.substring(0, stamp.lastIndexOf(':') + 1) + (now + millis));
	}

	/**
	 * A restart without persistence: instance A notices the change (its last server
	 * differs), the script writes the guard and A moves the counter an instant later.
	 * Instance B, which knows nothing of the sequence (a new pod), calls in between and
	 * finds the counter missing behind its guard: it moves the counter too, and both are
	 * served.
	 */
	@Test
	void anInstanceThatKnowsNothingCallingWhileAnotherMovesTheCounterIsServed() throws Exception {
		RedisServerProcess server = this.first.server();
		PausingConnectionFactory a = new PausingConnectionFactory(server.connectionFactory());
		RedisSegmentStore storeA = jumping(a);
		RedisSegmentStore storeB = jumping(server.connectionFactory());
		storeA.allocate(this.sequence, 100, 1);
		server.restart();
		a.pauseBeforeConnection(2);
		CompletableFuture<Segment> moving = CompletableFuture.supplyAsync(() -> storeA.allocate(this.sequence, 100, 1));
		assertThat(a.paused.await(10, TimeUnit.SECONDS)).as("A paused between CHANGED and its move").isTrue();
		Segment servedToB = storeB.allocate(this.sequence, 100, 1);
		a.resume.countDown();
		Segment movedByA = moving.get(10, TimeUnit.SECONDS);
		assertThat(servedToB.start()).isGreaterThan(100 + JUMP);
		assertThat(movedByA.start()).isGreaterThan(100 + JUMP);
		assertThat(overlap(movedByA, servedToB)).isZero();
		assertThat(storeB.allocate(this.sequence, 100, 1).start()).isGreaterThan(servedToB.start());
	}

	/**
	 * As above, but A's move never arrives (A is killed, or its connection drops, right
	 * after the CHANGED reply). The counter is gone, the guard holds A's highest ID and
	 * there is no stamp: an instance started afterwards moves the counter past the guard.
	 */
	@Test
	void aMoverThatDiesAfterTheChangedReplyLeavesTheCounterForTheNextInstanceToMove() {
		RedisServerProcess server = this.first.server();
		PausingConnectionFactory a = new PausingConnectionFactory(server.connectionFactory());
		RedisSegmentStore storeA = jumping(a);
		storeA.allocate(this.sequence, 100, 1);
		server.restart();
		a.failFromConnection(2);
		assertThat(catchThrowable(() -> storeA.allocate(this.sequence, 100, 1))).isNotNull();
		RedisSegmentStore startedLater = jumping(server.connectionFactory());
		assertThat(startedLater.allocate(this.sequence, 100, 1).start()).isGreaterThan(100 + JUMP);
	}

	/**
	 * A bounded sequence (max-value 99,999,999: eight-digit invoice numbers) with the
	 * default failover jump of 1,000,000,000. A restart changes the run id; moving the
	 * counter by the jump would pass the max-value and exhaust the sequence, so it is
	 * refused instead, the counter untouched, until an operator restores it.
	 */
	@Test
	void aBoundedSequenceThatTheJumpWouldExhaustIsRefusedAndLeftAsItWas() {
		RedisServerProcess server = this.first.server();
		SequenceBounds invoiceNumbers = new SequenceBounds(1, 99_999_999, false);
		RedisSegmentStore store = new RedisSegmentStore(server.connectionFactory(), KEYS, null, 1_000_000_000L,
				this.observer);
		assertThat(store.allocate(this.sequence, 100, invoiceNumbers)).isEqualTo(new Segment(1, 101));
		server.save();
		server.restart();
		assertThatExceptionOfType(CounterLostException.class)
			.isThrownBy(() -> store.allocate(this.sequence, 100, invoiceNumbers))
			.withMessageContaining("would pass its max-value 99999999");
		assertThat(server.template().opsForValue().get(KEYS.counter(this.sequence))).isEqualTo("100");
	}

	/**
	 * With failover-jump 0 a changed counter is refused until an operator sets the
	 * counter above every ID handed out and the stamp to the new server's run id, as the
	 * refusal says: then an instance that had reserved IDs before the failover, and had
	 * not called since, is served.
	 */
	@Test
	void theRecoveryThatARefusalNamesServesAnInstanceThatHadIdsBefore() {
		RedisServerProcess master = this.first.server();
		RedisServerProcess replica = this.second.server();
		replica.replicate(master);
		SwitchableConnectionFactory a = new SwitchableConnectionFactory(master.connectionFactory());
		SwitchableConnectionFactory c = new SwitchableConnectionFactory(master.connectionFactory());
		RedisSegmentStore storeA = new RedisSegmentStore(a, KEYS);
		RedisSegmentStore storeC = new RedisSegmentStore(c, KEYS);
		storeA.allocate(this.sequence, 100, 1);
		storeC.allocate(this.sequence, 100, 1);
		replica.awaitReplicated(master);
		master.stop();
		replica.promote();
		a.switchTo(replica.connectionFactory());
		c.switchTo(replica.connectionFactory());
		String server = ServerNames.of(replica);
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> storeA.allocate(this.sequence, 100, 1))
			.withMessageContaining("set the key '" + KEYS.stamp(this.sequence) + "' to '" + server + ":");
		replica.template().opsForValue().set(KEYS.counter(this.sequence), "1000000");
		replica.template().opsForValue().set(KEYS.stamp(this.sequence), server + ":0");
		assertThat(storeC.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1_000_001, 1_000_101));
	}

	private static long overlap(Segment x, Segment y) {
		return Math.max(0, Math.min(x.end(), y.end()) - Math.max(x.start(), y.start()));
	}

	/**
	 * Let enough time pass for the second move to go further than the IDs reserved since
	 * the first, as the guarantee requires (fewer than the jump per minute): 100 IDs take
	 * 6 ms at a million a minute, where a redis-server can stop and be switched from in
	 * less on a fast machine.
	 */
	private static void awaitMoreThanReservedSinceAtJumpRate(long reserved) {
		sleep(10 * TimeUnit.MINUTES.toMillis(1) * reserved / JUMP + 10);
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

	private RedisSegmentStore jumping(RedisConnectionFactory connectionFactory) {
		return new RedisSegmentStore(connectionFactory, KEYS, null, JUMP, this.observer);
	}

	/**
	 * Hands out connections of another factory; the n-th connection asked for from now on
	 * waits until resumed, or fails.
	 */
	static final class PausingConnectionFactory extends SwitchableConnectionFactory {

		private final AtomicInteger counted = new AtomicInteger();

		private volatile int pauseAt = -1;

		private volatile int failFrom = -1;

		final CountDownLatch paused = new CountDownLatch(1);

		final CountDownLatch resume = new CountDownLatch(1);

		PausingConnectionFactory(RedisConnectionFactory target) {
			super(target);
		}

		void pauseBeforeConnection(int n) {
			this.counted.set(0);
			this.pauseAt = n;
		}

		void failFromConnection(int n) {
			this.counted.set(0);
			this.failFrom = n;
		}

		@Override
		public RedisConnection getConnection() {
			int n = this.counted.incrementAndGet();
			if (n == this.pauseAt) {
				this.paused.countDown();
				try {
					this.resume.await(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			if (this.failFrom > 0 && n >= this.failFrom) {
				throw new RedisConnectionFailureException("connection lost (test)");
			}
			return super.getConnection();
		}

	}

}
