package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.CounterLostException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.AbstractBoundedSegmentStoreTest;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.lettuce.core.cluster.SlotHash;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@link AbstractBoundedSegmentStoreTest} suite plus the Redis specifics of bounded
 * and cyclic sequences (the cycle key, the counter-loss guard across wraps), for one
 * Redis deployment. Every test uses sequence names of its own, so keys never collide.
 */
abstract class AbstractRedisBoundedSegmentStoreTest extends AbstractBoundedSegmentStoreTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-bounded-test:");

	/**
	 * Return the Redis under test, the same on every call.
	 * @return a started connection factory
	 */
	protected abstract LettuceConnectionFactory connectionFactory();

	@Override
	protected RedisSegmentStore createStore() {
		return new RedisSegmentStore(connectionFactory(), KEYS);
	}

	private StringRedisTemplate redis() {
		return new StringRedisTemplate(connectionFactory());
	}

	/**
	 * The cycle of a counter is kept only for cyclic sequences (the reserve script names
	 * its key only for them): a sequence that wrapped as a cyclic one and is served as
	 * one that does not cycle, bounded or not, is refused as misconfigured, its keys left
	 * as they were, rather than served in cycle 0 below its guard.
	 */
	@Test
	void aSequenceThatWrappedIsRefusedWhenServedAsOneThatDoesNotCycle() {
		String sequence = uniqueName("wrapped");
		RedisSegmentStore store = createStore();
		SequenceBounds cyclic = new SequenceBounds(1, 20, true);
		store.allocate(sequence, 20, cyclic);
		assertThat(store.allocate(sequence, 10, cyclic)).isEqualTo(new Segment(1, 11));
		for (SequenceBounds bounds : List.of(SequenceBounds.startingAt(1), new SequenceBounds(1, 20, false))) {
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> createStore().allocate(sequence, 10, bounds))
				.withMessageContaining("it wrapped as a cyclic sequence")
				.withMessageContaining("position 10 in cycle 1");
		}
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("10");
		assertThat(store.allocate(sequence, 10, cyclic)).isEqualTo(new Segment(11, 21));
	}

	@Test
	void wrapMovesIntoTheNextCycleWithoutTrippingTheGuard() {
		String sequence = uniqueName("wrap");
		SequenceBounds bounds = new SequenceBounds(1, 25, true);
		RedisSegmentStore store = createStore();
		assertThat(store.allocate(sequence, 20, bounds)).isEqualTo(new Segment(1, 21));
		assertThat(redis().opsForValue().get(KEYS.cycle(sequence))).as("written with the counter").isEqualTo("0");
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo("20");
		assertThat(store.allocate(sequence, 20, bounds)).isEqualTo(new Segment(21, 26));
		for (int cycle = 1; cycle <= 3; cycle++) {
			assertThat(store.allocate(sequence, 20, bounds)).isEqualTo(new Segment(1, 21));
			assertThat(redis().opsForValue().get(KEYS.cycle(sequence))).isEqualTo(Integer.toString(cycle));
			assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo(cycle + ":20");
			assertThat(createStore().allocate(sequence, 20, bounds)).isEqualTo(new Segment(21, 26));
		}
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("25");
		assertThat(store.trippedGuards()).isEmpty();
		assertThat(SlotHash.getSlot(KEYS.cycle(sequence))).isEqualTo(SlotHash.getSlot(KEYS.counter(sequence)));
	}

	@Test
	void exhaustedSequenceKeepsItsCounter() {
		String sequence = uniqueName("exhausted");
		SequenceBounds bounds = new SequenceBounds(1, 10, false);
		RedisSegmentStore store = createStore();
		assertThat(store.allocate(sequence, 25, bounds)).isEqualTo(new Segment(1, 11));
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> createStore().allocate(sequence, 1, bounds))
			.withMessageContaining("'" + sequence + "'")
			.withMessageContaining("max-value 10");
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("10");
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo("10");
		assertThat(store.trippedGuards()).isEmpty();
	}

	@Test
	void boundedSequenceAtTheLargestIdIsExact() {
		String sequence = uniqueName("bounded-last-id");
		long max = SequenceBounds.MAX_ID - 1;
		SequenceBounds bounds = new SequenceBounds(max - 4, max, true);
		RedisSegmentStore store = createStore();
		assertThat(store.allocate(sequence, 3, bounds)).isEqualTo(new Segment(max - 4, max - 1));
		assertThat(store.allocate(sequence, 3, bounds)).isEqualTo(new Segment(max - 1, max + 1));
		assertThat(store.allocate(sequence, Long.MAX_VALUE, bounds)).isEqualTo(new Segment(max - 4, max + 1));
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo("1:" + max);
	}

	@Test
	void keysLostMidCycleTripTheGuard() {
		String sequence = uniqueName("lost-mid-cycle");
		SequenceBounds bounds = new SequenceBounds(1, 100, true);
		RedisSegmentStore store = createStore();
		for (int i = 0; i < 6; i++) {
			store.allocate(sequence, 30, bounds);
		}
		redis().delete(List.of(KEYS.counter(sequence), KEYS.guard(sequence), KEYS.cycle(sequence)));
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 30, bounds))
			.withMessageContaining("missing")
			.withMessageContaining("60 in cycle 1");
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo("1:60");
		assertThat(redis().hasKey(KEYS.counter(sequence))).isFalse();
		assertThatExceptionOfType(CounterLostException.class)
			.isThrownBy(() -> createStore().allocate(sequence, 30, bounds));
		assertThat(store.trippedGuards()).containsOnlyKeys(sequence);
	}

	@Test
	void cycleKeyLostAloneTripsTheGuardOfANewInstance() {
		String sequence = uniqueName("lost-cycle");
		SequenceBounds bounds = new SequenceBounds(1, 100, true);
		RedisSegmentStore store = createStore();
		for (int i = 0; i < 5; i++) {
			store.allocate(sequence, 30, bounds);
		}
		redis().delete(KEYS.cycle(sequence));
		RedisSegmentStore newInstance = createStore();
		assertThatExceptionOfType(CounterLostException.class)
			.isThrownBy(() -> newInstance.allocate(sequence, 30, bounds))
			.withMessageContaining("at 30,")
			.withMessageContaining("30 in cycle 1");
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 30, bounds));
	}

	@Test
	void counterSetBackWithinItsCycleTripsTheGuard() {
		String sequence = uniqueName("set-back-in-cycle");
		SequenceBounds bounds = new SequenceBounds(1, 100, true);
		RedisSegmentStore store = createStore();
		for (int i = 0; i < 6; i++) {
			store.allocate(sequence, 30, bounds);
		}
		redis().opsForValue().set(KEYS.counter(sequence), "50");
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 30, bounds))
			.withMessageContaining("at 50 in cycle 1")
			.withMessageContaining("60 in cycle 1");
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("50");
	}

	@Test
	void boundedSequenceOnAStoreWithAFloorIsRefused() {
		CounterFloor floor = new CounterFloor() {

			@Override
			public long read(String sequence) {
				return 0;
			}

			@Override
			public boolean raise(String sequence, long from, long to) {
				return true;
			}

		};
		RedisSegmentStore store = new RedisSegmentStore(connectionFactory(), KEYS, floor);
		String sequence = uniqueName("floor");
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> store.allocate(sequence, 10, new SequenceBounds(1, 99, true)))
			.withMessageContaining("floor")
			.withMessageContaining(sequence);
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> store.allocate(sequence, 10, new SequenceBounds(1, 99, false)));
		assertThat(redis().hasKey(KEYS.counter(sequence))).isFalse();
	}

	@Test
	void storeInstancesRacingOnACyclicCounterHandOutEveryValueOncePerCycle() throws Exception {
		String sequence = uniqueName("cyclic-race");
		int max = 1000;
		SequenceBounds bounds = new SequenceBounds(1, max, true);
		AtomicLong handedOut = new AtomicLong();
		List<Callable<List<Segment>>> tasks = new ArrayList<>();
		for (int instance = 0; instance < 4; instance++) {
			SegmentStore store = createStore();
			for (int thread = 0; thread < 4; thread++) {
				tasks.add(() -> {
					List<Segment> segments = new ArrayList<>();
					while (handedOut.get() < 5L * max) {
						Segment segment = store.allocate(sequence, ThreadLocalRandom.current().nextLong(1, 60), bounds);
						segments.add(segment);
						handedOut.addAndGet(segment.size());
					}
					return segments;
				});
			}
		}
		List<Segment> segments = new ArrayList<>();
		runTogether(tasks).forEach(segments::addAll);
		long rest = (max - handedOut.get() % max) % max;
		if (rest > 0) {
			Segment last = createStore().allocate(sequence, rest, bounds);
			assertThat(last.end()).isEqualTo(max + 1);
			segments.add(last);
		}
		int[] counts = new int[max + 1];
		for (Segment segment : segments) {
			assertThat(segment.start()).isGreaterThanOrEqualTo(1);
			assertThat(segment.end()).isLessThanOrEqualTo(max + 1);
			for (long value = segment.start(); value < segment.end(); value++) {
				counts[(int) value]++;
			}
		}
		int cycles = (int) ((handedOut.get() + rest) / max);
		assertThat(cycles).isGreaterThanOrEqualTo(5);
		for (int value = 1; value <= max; value++) {
			assertThat(counts[value]).as("times value %d was handed out", value).isEqualTo(cycles);
		}
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo((cycles - 1) + ":" + max);
	}

}
