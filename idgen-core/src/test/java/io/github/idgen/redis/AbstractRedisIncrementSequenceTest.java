package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.test.WaitingCall;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RedisIncrementSequence} on one Redis deployment. Every test uses
 * sequence names of its own, so keys never collide.
 */
abstract class AbstractRedisIncrementSequenceTest {

	private static final long LAST_ID = Long.MAX_VALUE - 1;

	private static final RedisKeys KEYS = new RedisKeys("idgen-test:");

	private final List<LettuceConnectionFactory> factories = new ArrayList<>();

	private final CombinerCallers callers = new CombinerCallers();

	/**
	 * Return the Redis under test, the same on every call.
	 * @return a started connection factory
	 */
	protected abstract LettuceConnectionFactory connectionFactory();

	/**
	 * Return how many IDs each of 4 threads of 4 instances takes in the uniqueness test.
	 * @return the number of IDs per thread
	 */
	protected abstract int idsPerThread();

	@AfterEach
	void destroyFactories() throws InterruptedException {
		this.callers.join();
		this.factories.forEach(LettuceConnectionFactory::destroy);
	}

	private RedisIncrementSequence sequence(String name, long start) {
		return new RedisIncrementSequence(connectionFactory(), KEYS, name, start);
	}

	private RedisIncrementSequence sequenceOfNewInstance(String name, long start) {
		LettuceConnectionFactory factory = TestBackends.newRedisConnectionFactory(connectionFactory());
		this.factories.add(factory);
		return new RedisIncrementSequence(factory, KEYS, name, start);
	}

	private StringRedisTemplate redis() {
		return new StringRedisTemplate(connectionFactory());
	}

	@Test
	void nextStartsAtStartAndCountsUp() {
		RedisIncrementSequence sequence = sequence(uniqueName("count-up"), 1000);
		assertThat(sequence.next()).isEqualTo(1000);
		assertThat(sequence.next()).isEqualTo(1001);
		assertThat(sequence.next()).isEqualTo(1002);
		assertThat(redis().opsForValue().get(KEYS.counter(sequence.name()))).isEqualTo("1002");
	}

	@Test
	void nextOfSeveralInstancesIsStrictlySequential() {
		String name = uniqueName("sequential");
		RedisIncrementSequence first = sequence(name, 1);
		RedisIncrementSequence second = sequenceOfNewInstance(name, 1);
		assertThat(first.next()).isEqualTo(1);
		assertThat(second.next()).isEqualTo(2);
		assertThat(first.next()).isEqualTo(3);
		assertThat(second.next(2)).containsExactly(4, 5);
	}

	@Test
	void nextFromThreeInstancesOnEightThreadsEachIsOneGapFreeRangeReservedInFewerReservations() throws Exception {
		String name = uniqueName("contiguous");
		int perThread = idsPerThread();
		List<RedisIncrementSequence> instances = new ArrayList<>();
		List<Callable<long[]>> tasks = new ArrayList<>();
		for (int instance = 0; instance < 3; instance++) {
			RedisIncrementSequence sequence = sequenceOfNewInstance(name, 1);
			instances.add(sequence);
			for (int thread = 0; thread < 8; thread++) {
				tasks.add(() -> {
					long[] ids = new long[perThread];
					for (int i = 0; i < perThread; i++) {
						ids[i] = sequence.next();
					}
					return ids;
				});
			}
		}
		List<long[]> perThreadIds = runTogether(tasks, Duration.ofMinutes(3));
		for (long[] ids : perThreadIds) {
			for (int i = 1; i < ids.length; i++) {
				assertThat(ids[i]).isGreaterThan(ids[i - 1]);
			}
		}
		long[] all = perThreadIds.stream().flatMapToLong(Arrays::stream).sorted().toArray();
		assertThat(all).hasSize(24 * perThread);
		for (int i = 0; i < all.length; i++) {
			if (all[i] != i + 1) {
				throw new AssertionError("Expected ID " + (i + 1) + " at position " + i + " but got " + all[i]);
			}
		}
		long reservations = instances.stream().mapToLong(this::reservations).sum();
		assertThat(reservations).as("reservations for %s IDs", all.length).isLessThan(all.length / 2);
		assertThat(redis().opsForValue().get(KEYS.counter(name))).isEqualTo(Long.toString(all.length));
	}

	@Test
	void nextOfLoneCallerRunsOneReservationPerCall() {
		RedisIncrementSequence sequence = sequence(uniqueName("lone"), 1);
		for (int i = 1; i <= 50; i++) {
			assertThat(sequence.next()).isEqualTo(i);
		}
		assertThat(sequence.next(3)).containsExactly(51, 52, 53);
		assertThat(reservations(sequence)).isEqualTo(51);
		assertThat(sequence.info()).containsEntry("issued", 53L).containsEntry("highestId", 53L);
	}

	@Test
	void callerGivingUpBeforeItsReservationLeavesNoGapInRedis() throws Exception {
		String name = uniqueName("gave-up-waiting");
		HeldReservations held = new HeldReservations(name, 2);
		ReservationCombiner combiner = new ReservationCombiner(name, held::reserve, Duration.ofMillis(500));
		assertThat(combiner.take(1)).isEqualTo(1);
		CompletableFuture<Long> inFlight = this.callers.start(combiner, 1).result();
		held.awaitHeld(2);
		CompletableFuture<Long> waiting = this.callers.start(combiner, 1).result();
		assertThat(waiting).failsWithin(Duration.ofSeconds(5))
			.withThrowableOfType(ExecutionException.class)
			.havingCause()
			.isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("nothing was reserved for it");
		held.release(2);
		assertThat(inFlight.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(combiner.take(1)).isEqualTo(3);
		assertThat(redis().opsForValue().get(KEYS.counter(name))).isEqualTo("3");
	}

	@Test
	void callerGivingUpWhileCombinedLeavesOnlyItsOwnIdUnusedInRedis() throws Exception {
		String name = uniqueName("gave-up-combined");
		HeldReservations held = new HeldReservations(name, 1, 2);
		ReservationCombiner combiner = new ReservationCombiner(name, held::reserve, Duration.ofMillis(700));
		CompletableFuture<Long> first = this.callers.start(combiner, 1).result();
		held.awaitHeld(1);
		CompletableFuture<Long> combined = this.callers.start(combiner, 1).result();
		CompletableFuture<Long> givingUp = this.callers.start(combiner, 1).result();
		held.release(1);
		assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(1);
		held.awaitHeld(2);
		assertThat(givingUp).failsWithin(Duration.ofSeconds(5))
			.withThrowableOfType(ExecutionException.class)
			.havingCause()
			.isInstanceOf(BackendUnavailableException.class)
			.withMessageContaining("its ID too, which stays unused");
		assertThat(combined).isNotDone();
		held.release(2);
		assertThat(combined.get(5, TimeUnit.SECONDS)).isEqualTo(2);
		assertThat(combiner.take(1)).as("the ID of the caller that gave up stays unused").isEqualTo(4);
		assertThat(redis().opsForValue().get(KEYS.counter(name))).isEqualTo("4");
	}

	private long reservations(RedisIncrementSequence sequence) {
		return (Long) sequence.info().get("reservations");
	}

	@Test
	void nextWithCountReturnsContiguousBlocks() throws Exception {
		String name = uniqueName("batches");
		List<Callable<List<long[]>>> tasks = new ArrayList<>();
		for (int instance = 0; instance < 2; instance++) {
			RedisIncrementSequence sequence = sequenceOfNewInstance(name, 1);
			for (int thread = 0; thread < 4; thread++) {
				tasks.add(() -> {
					List<long[]> batches = new ArrayList<>();
					for (int i = 1; i <= 200; i++) {
						batches.add(sequence.next(1 + i % 7));
					}
					return batches;
				});
			}
		}
		List<long[]> batches = runTogether(tasks).stream().flatMap(List::stream).toList();
		assertThat(batches).allSatisfy((batch) -> {
			for (int i = 1; i < batch.length; i++) {
				assertThat(batch[i]).isEqualTo(batch[i - 1] + 1);
			}
		});
		long[] all = batches.stream().flatMapToLong(Arrays::stream).sorted().toArray();
		assertThat(all[0]).isEqualTo(1);
		assertThat(all[all.length - 1]).isEqualTo(all.length);
		assertThat(Arrays.stream(all).distinct().count()).isEqualTo(all.length);
	}

	@Test
	void nextWhenManyInstancesStartAtOnceHonoursStart() throws Exception {
		String name = uniqueName("start-race");
		long start = 7_000_000_000L;
		List<Callable<long[]>> tasks = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			RedisIncrementSequence sequence = sequence(name, start);
			tasks.add(() -> new long[] { sequence.next() });
		}
		long[] ids = runTogether(tasks).stream().flatMapToLong(Arrays::stream).sorted().toArray();
		assertThat(ids[0]).isEqualTo(start);
		assertThat(ids[15]).isEqualTo(start + 15);
		assertThat(Arrays.stream(ids).distinct().count()).isEqualTo(16);
	}

	@Test
	void nextAbove2To53IsExact() {
		long start = (1L << 60) + 1;
		RedisIncrementSequence sequence = sequence(uniqueName("above-2-53"), start);
		assertThat(sequence.next()).isEqualTo(start);
		assertThat(sequence.next()).isEqualTo(start + 1);
		assertThat(sequence.next(3)).containsExactly(start + 2, start + 3, start + 4);
	}

	@Test
	void nextUpToLastIdThenThrowsExhausted() {
		String name = uniqueName("last-id");
		RedisIncrementSequence sequence = sequence(name, LAST_ID - 2);
		assertThat(sequence.next()).isEqualTo(LAST_ID - 2);
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> sequence.next(3))
			.withMessageContaining(name);
		assertThat(sequence.next()).as("a refused batch takes nothing").isEqualTo(LAST_ID - 1);
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> sequence.next(2));
		assertThat(sequence.next()).isEqualTo(LAST_ID);
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(sequence::next)
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo(name));
	}

	@Test
	void nextOfNewInstanceWhenCounterKeyAloneWasDeletedRefusesToRecreateIt() {
		String name = uniqueName("deleted-counter");
		sequence(name, 1).next(100);
		RedisIncrementSequence started = sequenceOfNewInstance(name, 1);
		started.next();
		redis().delete(KEYS.counter(name));
		RedisIncrementSequence newInstance = sequenceOfNewInstance(name, 1);
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(newInstance::next)
			.withMessageContaining("missing")
			.withMessageContaining("101");
		assertThat(newInstance.trippedGuard()).isPresent();
		assertThat(redis().hasKey(KEYS.counter(name))).isFalse();
	}

	@Test
	void nextWhenCounterWentBackBelowWhatThisInstanceSawTripsAndRaisesGuard() {
		String name = uniqueName("went-back");
		RedisIncrementSequence sequence = sequence(name, 1);
		sequence.next(100);
		redis().delete(List.of(KEYS.counter(name), KEYS.guard(name)));
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(sequence::next)
			.withMessageContaining("missing")
			.withMessageContaining("100");
		assertThat(sequence.trippedGuard()).isPresent();
		assertThat(redis().opsForValue().get(KEYS.guard(name))).isEqualTo("100");
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(sequence::next);
		assertThat(redis().hasKey(KEYS.counter(name))).as("the counter created anew").isFalse();
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(sequenceOfNewInstance(name, 1)::next);
	}

	@Test
	void trippedGuardIsEmptyWhileNothingTripped() {
		RedisIncrementSequence sequence = sequence(uniqueName("healthy"), 1);
		sequence.next();
		assertThat(sequence.trippedGuard()).isEmpty();
	}

	@Test
	void createWithInvalidArgumentsThrowsIllegalArgument() {
		assertThatIllegalArgumentException().isThrownBy(() -> sequence("a{b}", 1)).withMessageContaining("'{' or '}'");
		assertThatIllegalArgumentException().isThrownBy(() -> sequence("x".repeat(129), 1));
		assertThatIllegalArgumentException().isThrownBy(() -> sequence("ok", 0));
		assertThatIllegalArgumentException().isThrownBy(() -> sequence("ok", 1).next(0));
	}

	/**
	 * Reservations of the Redis store under test, the ones numbered as given held until
	 * the test releases them.
	 */
	private final class HeldReservations {

		private final RedisSegmentStore store = new RedisSegmentStore(connectionFactory(), KEYS);

		private final String name;

		private final Map<Integer, CountDownLatch> releases = new ConcurrentHashMap<>();

		private final Set<Integer> reached = ConcurrentHashMap.newKeySet();

		private final AtomicInteger reservations = new AtomicInteger();

		HeldReservations(String name, int... heldReservations) {
			this.name = name;
			for (int reservation : heldReservations) {
				this.releases.put(reservation, new CountDownLatch(1));
			}
		}

		Segment reserve(long count) {
			int reservation = this.reservations.incrementAndGet();
			CountDownLatch release = this.releases.get(reservation);
			if (release != null) {
				this.reached.add(reservation);
				try {
					release.await(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return this.store.allocate(this.name, count, SequenceBounds.startingAt(1));
		}

		void awaitHeld(int reservation) {
			WaitingCall.awaitUntil(() -> this.reached.contains(reservation), "reservation " + reservation + " held");
		}

		void release(int reservation) {
			this.releases.get(reservation).countDown();
		}

	}

}
