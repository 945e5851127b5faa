package io.github.idgen.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.test.WaitingCall;
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
 * Review of issue 17: a {@link ReservationCombiner} over the real Redis store (Lettuce),
 * whose reservation is interruptible.
 */
class ReservationCombinerRedisReviewTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-test:");

	private final CombinerCallers callers = new CombinerCallers();

	/**
	 * The combiner's caller is interrupted (Future.cancel(true), a TimeLimiter,
	 * shutdownNow) while the reservation it runs for 3 callers is in flight. Lettuce
	 * throws RedisCommandInterruptedException although the script was sent and runs, so
	 * the reply, and the 3 IDs it reserved, are lost to the client; the 2 callers
	 * combined with the interrupted one did not give up and are served from a new
	 * reservation.
	 */
	@Test
	void interruptOfTheCombinerWhileItsReservationIsInFlightFailsNoOtherCaller() throws Exception {
		String name = uniqueName("interrupted-combiner");
		LettuceConnectionFactory redis = TestBackends.redis();
		RedisSegmentStore store = new RedisSegmentStore(redis, KEYS);
		AtomicInteger reservations = new AtomicInteger();
		CountDownLatch secondReserved = new CountDownLatch(1);
		CountDownLatch releaseSecond = new CountDownLatch(1);
		ReservationCombiner combiner = new ReservationCombiner(name, (count) -> {
			int reservation = reservations.incrementAndGet();
			Segment segment = store.allocate(name, count, SequenceBounds.startingAt(1));
			if (reservation == 2) {
				secondReserved.countDown();
				CombinerCallers.awaitUninterruptibly(releaseSecond);
			}
			return segment;
		}, Duration.ofSeconds(10));
		assertThat(combiner.take(1)).isEqualTo(1);
		CompletableFuture<Long> held = this.callers.start(combiner, 1).result();
		assertThat(secondReserved.await(5, TimeUnit.SECONDS)).isTrue();
		WaitingCall<Long> nextCombiner = this.callers.start(combiner, 1);
		CompletableFuture<Long> second = this.callers.start(combiner, 1).result();
		CompletableFuture<Long> third = this.callers.start(combiner, 1).result();
		LettuceConnectionFactory pauser = TestBackends.newRedisConnectionFactory(redis);
		try {
			try (RedisConnection connection = pauser.getConnection()) {
				connection.execute("CLIENT", bytes("PAUSE"), bytes("2000"));
			}
			releaseSecond.countDown();
			assertThat(held.get(5, TimeUnit.SECONDS)).isEqualTo(2);
			WaitingCall.awaitUntil(() -> reservations.get() == 3, "the third reservation sent");
			Thread.sleep(300);
			assertThat(nextCombiner.result()).isNotDone();
			nextCombiner.thread().interrupt();
			assertThat(nextCombiner.result()).failsWithin(Duration.ofSeconds(5));
			try {
				assertThat(second.get(5, TimeUnit.SECONDS)).as("after the 3 IDs of the lost reply").isEqualTo(6);
				assertThat(third.get(5, TimeUnit.SECONDS)).isEqualTo(7);
			}
			catch (ExecutionException ex) {
				Thread.sleep(2000);
				throw new AssertionError("A caller combined with the interrupted combiner, which did not give up, "
						+ "failed; counter in Redis now "
						+ new StringRedisTemplate(redis).opsForValue().get(KEYS.counter(name))
						+ " (3 IDs reserved for 1 caller that gave up)", ex.getCause());
			}
			assertThat(new StringRedisTemplate(redis).opsForValue().get(KEYS.counter(name))).isEqualTo("7");
		}
		finally {
			pauser.destroy();
		}
	}

	/**
	 * Near the largest ID: 3 IDs left, combined requests of 1, 5 and 1 IDs: the combined
	 * reservation of 7 is refused as exhausted and tried one by one in queue order.
	 */
	@Test
	void exhaustedCombinedReservationNearTheLargestIdServesTheRequestsThatFitInQueueOrder() throws Exception {
		long last = Long.MAX_VALUE - 1;
		String name = uniqueName("exhausted-combined");
		RedisSegmentStore store = new RedisSegmentStore(TestBackends.redis(), KEYS);
		AtomicInteger reservations = new AtomicInteger();
		CountDownLatch firstReserved = new CountDownLatch(1);
		CountDownLatch releaseFirst = new CountDownLatch(1);
		ReservationCombiner combiner = new ReservationCombiner(name, (count) -> {
			int reservation = reservations.incrementAndGet();
			Segment segment = store.allocate(name, count, SequenceBounds.startingAt(last - 3));
			if (reservation == 1) {
				firstReserved.countDown();
				CombinerCallers.awaitUninterruptibly(releaseFirst);
			}
			return segment;
		}, Duration.ofSeconds(10));
		CompletableFuture<Long> held = this.callers.start(combiner, 1).result();
		assertThat(firstReserved.await(5, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<Long> one = this.callers.start(combiner, 1).result();
		CompletableFuture<Long> five = this.callers.start(combiner, 5).result();
		CompletableFuture<Long> other = this.callers.start(combiner, 1).result();
		CompletableFuture<Long> lastOne = this.callers.start(combiner, 1).result();
		releaseFirst.countDown();
		assertThat(held.get(5, TimeUnit.SECONDS)).isEqualTo(last - 3);
		assertThat(one.get(5, TimeUnit.SECONDS)).isEqualTo(last - 2);
		assertThat(five).failsWithin(Duration.ofSeconds(5))
			.withThrowableOfType(ExecutionException.class)
			.havingCause()
			.isInstanceOf(io.github.idgen.SequenceExhaustedException.class);
		assertThat(other.get(5, TimeUnit.SECONDS)).isEqualTo(last - 1);
		assertThat(lastOne.get(5, TimeUnit.SECONDS)).isEqualTo(last);
		assertThat(reservations.get()).isEqualTo(6);
		assertThat(new StringRedisTemplate(TestBackends.redis()).opsForValue().get(KEYS.counter(name)))
			.isEqualTo(Long.toString(last));
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
