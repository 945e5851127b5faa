package io.github.idgen.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.test.WaitingCall;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of issue 17: the one-by-one retry of a combined reservation refused as
 * exhausted, when the combiner's own caller is interrupted during it. The class promises
 * that "a reservation that fails while its combiner is interrupted fails only the
 * combiner's own request and is run again for the others".
 */
class ReservationCombinerOneByOneReviewTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-test:");

	private final CombinerCallers callers = new CombinerCallers();

	/**
	 * 4 IDs left (last - 3 .. last). X holds the first reservation; B (1), C (5) and D
	 * (1) queue behind it. B becomes the combiner: 7 IDs refused as exhausted, then one
	 * by one: B's own reservation is in flight (Redis paused) when B's caller is
	 * interrupted. B must fail; C must fail as exhausted; D, never interrupted, must get
	 * an ID.
	 */
	@Test
	void interruptOfTheCombinerDuringTheOneByOneRetryFailsOnlyItsOwnCall() throws Exception {
		long last = Long.MAX_VALUE - 1;
		String name = uniqueName("one-by-one-interrupt");
		LettuceConnectionFactory redis = TestBackends.redis();
		RedisSegmentStore store = new RedisSegmentStore(redis, KEYS);
		AtomicInteger reservations = new AtomicInteger();
		CountDownLatch firstReserved = new CountDownLatch(1);
		CountDownLatch releaseFirst = new CountDownLatch(1);
		CountDownLatch thirdAboutToSend = new CountDownLatch(1);
		CountDownLatch paused = new CountDownLatch(1);
		ReservationCombiner combiner = new ReservationCombiner(name, (count) -> {
			int reservation = reservations.incrementAndGet();
			if (reservation == 3) {
				thirdAboutToSend.countDown();
				CombinerCallers.awaitUninterruptibly(paused);
			}
			Segment segment = store.allocate(name, count, SequenceBounds.startingAt(last - 3));
			if (reservation == 1) {
				firstReserved.countDown();
				CombinerCallers.awaitUninterruptibly(releaseFirst);
			}
			return segment;
		}, Duration.ofSeconds(10));
		CompletableFuture<Long> x = this.callers.start(combiner, 1).result();
		assertThat(firstReserved.await(5, TimeUnit.SECONDS)).isTrue();
		WaitingCall<Long> b = this.callers.start(combiner, 1);
		CompletableFuture<Long> c = this.callers.start(combiner, 5).result();
		CompletableFuture<Long> d = this.callers.start(combiner, 1).result();
		LettuceConnectionFactory pauser = TestBackends.newRedisConnectionFactory(redis);
		try {
			releaseFirst.countDown();
			assertThat(x.get(5, TimeUnit.SECONDS)).isEqualTo(last - 3);
			assertThat(thirdAboutToSend.await(5, TimeUnit.SECONDS)).isTrue();
			try (RedisConnection connection = pauser.getConnection()) {
				connection.execute("CLIENT", bytes("PAUSE"), bytes("1500"));
			}
			paused.countDown();
			Thread.sleep(300);
			assertThat(b.result()).isNotDone();
			b.thread().interrupt();
			assertThat(b.result()).failsWithin(Duration.ofSeconds(5));
			String outcomes = "C (5 IDs): " + outcome(c) + "; D (1 ID): " + outcome(d);
			Thread.sleep(1500);
			outcomes += "; reservations run " + reservations.get() + ", counter in Redis now "
					+ new StringRedisTemplate(redis).opsForValue().get(KEYS.counter(name)) + " (last = " + last + ")";
			assertThat(outcomes).as("outcomes")
				.contains("C (5 IDs): failed with io.github.idgen.SequenceExhaustedException")
				.contains("D (1 ID): served");
			assertThat(c).failsWithin(Duration.ofSeconds(5))
				.withThrowableOfType(ExecutionException.class)
				.havingCause()
				.isInstanceOf(SequenceExhaustedException.class);
		}
		finally {
			Thread.sleep(1500);
			pauser.destroy();
		}
	}

	private static String outcome(CompletableFuture<Long> call) {
		try {
			return "served " + call.get(5, TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			return "failed with " + ex.getCause();
		}
		catch (Exception ex) {
			return "no outcome: " + ex;
		}
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
