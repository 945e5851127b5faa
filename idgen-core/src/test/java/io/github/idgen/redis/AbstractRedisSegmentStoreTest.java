package io.github.idgen.redis;

import java.util.List;

import io.github.idgen.CounterLostException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.AbstractSegmentStoreTest;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.lettuce.core.cluster.SlotHash;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The {@link AbstractSegmentStoreTest} suite plus the Redis specifics, for one Redis
 * deployment. Every test uses sequence names of its own, so keys never collide.
 */
abstract class AbstractRedisSegmentStoreTest extends AbstractSegmentStoreTest {

	private static final long LAST_ID = Long.MAX_VALUE - 1;

	static final RedisKeys KEYS = new RedisKeys("idgen-test:");

	/**
	 * Return the Redis under test, the same on every call.
	 * @return a started connection factory
	 */
	protected abstract LettuceConnectionFactory connectionFactory();

	@Override
	protected boolean readsCounters() {
		return false;
	}

	@Override
	protected SegmentStore createStore() {
		return new RedisSegmentStore(connectionFactory(), KEYS);
	}

	private StringRedisTemplate redis() {
		return new StringRedisTemplate(connectionFactory());
	}

	@Test
	void allocateKeepsCounterAndGuardInOneSlot() {
		String sequence = uniqueName("layout");
		createStore().allocate(sequence, 10, 100);
		createStore().allocate(sequence, 7, 100);
		String counter = "idgen-test:{" + sequence + "}";
		String guard = counter + ":guard";
		assertThat(redis().opsForValue().get(counter)).isEqualTo("116");
		assertThat(redis().opsForValue().get(guard)).isEqualTo("116");
		assertThat(SlotHash.getSlot(guard)).isEqualTo(SlotHash.getSlot(counter));
	}

	@Test
	void allocateWithNameContainingBraceThrowsIllegalArgument() {
		SegmentStore store = createStore();
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocate("order{1}", 1, 1))
			.withMessageContaining("'{' or '}'");
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocate("x".repeat(129), 1, 1))
			.withMessageContaining("at most 128");
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocate("bell\u0007", 1, 1))
			.withMessageContaining("control characters");
	}

	@Test
	void allocateAbove2To53IsExact() {
		String sequence = uniqueName("above-2-53");
		long start = (1L << 60) + 1;
		SegmentStore store = createStore();
		for (long i = 0; i < 5; i++) {
			assertThat(store.allocate(sequence, 1, start)).isEqualTo(new Segment(start + i, start + i + 1));
		}
		assertThat(store.allocate(sequence, 3, start)).isEqualTo(new Segment(start + 5, start + 8));
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo(Long.toString(start + 7));
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo(Long.toString(start + 7));
	}

	@Test
	void allocateUpToLastIdIsExact() {
		String sequence = uniqueName("last-id");
		SegmentStore store = createStore();
		assertThat(store.allocate(sequence, 1, LAST_ID - 2)).isEqualTo(new Segment(LAST_ID - 2, LAST_ID - 1));
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> store.allocate(sequence, 3, 1))
			.withMessageContaining(Long.toString(LAST_ID - 2));
		assertThat(store.allocate(sequence, 2, 1)).isEqualTo(new Segment(LAST_ID - 1, Long.MAX_VALUE));
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> store.allocate(sequence, 1, 1));
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo(Long.toString(LAST_ID));
	}

	@Test
	void allocateWhenCounterKeyAloneWasDeletedRefusesToRecreateIt() {
		String sequence = uniqueName("deleted-counter");
		RedisSegmentStore store = (RedisSegmentStore) createStore();
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		redis().delete(KEYS.counter(sequence));
		RedisSegmentStore newInstance = (RedisSegmentStore) createStore();
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> newInstance.allocate(sequence, 10, 1))
			.withMessageContaining("missing")
			.withMessageContaining(KEYS.guard(sequence))
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo(sequence));
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 10, 1));
		assertThat(redis().hasKey(KEYS.counter(sequence))).isFalse();
		assertThat(newInstance.trippedGuards()).containsOnlyKeys(sequence);
		assertThat(store.trippedGuards()).containsOnlyKeys(sequence);
	}

	@Test
	void allocateWhenCounterWasSetBackBelowGuardRefusesIt() {
		String sequence = uniqueName("set-back");
		createStore().allocate(sequence, 100, 1);
		redis().opsForValue().set(KEYS.counter(sequence), "40");
		RedisSegmentStore newInstance = (RedisSegmentStore) createStore();
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> newInstance.allocate(sequence, 10, 1))
			.withMessageContaining("at 40")
			.withMessageContaining("100");
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("40");
	}

	@Test
	void allocateWhenCounterWentBackBelowWhatThisInstanceSawTripsAndRaisesGuard() {
		String sequence = uniqueName("went-back");
		RedisSegmentStore store = (RedisSegmentStore) createStore();
		store.allocate(sequence, 100, 1);
		redis().delete(List.of(KEYS.counter(sequence), KEYS.guard(sequence)));
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 10, 1))
			.withMessageContaining("100");
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo("100");
		assertThat(redis().hasKey(KEYS.counter(sequence))).isFalse();
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> createStore().allocate(sequence, 10, 1));
		assertThat(store.trippedGuards()).containsOnlyKeys(sequence);
	}

	@Test
	void allocateWhenTrippedStaysTrippedWithoutTouchingRedis() {
		String sequence = uniqueName("sticky");
		RedisSegmentStore store = (RedisSegmentStore) createStore();
		store.allocate(sequence, 100, 1);
		redis().opsForValue().set(KEYS.counter(sequence), "50");
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 10, 1));
		redis().opsForValue().set(KEYS.counter(sequence), "1000");
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 10, 1));
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("1000");
		assertThat(store.allocate(uniqueName("other"), 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(store.trippedGuards()).containsOnlyKeys(sequence);
	}

	@Test
	void allocateWhenCounterIsNotAnIntegerThrowsCounterLost() {
		String sequence = uniqueName("not-a-number");
		redis().opsForValue().set(KEYS.counter(sequence), "12abc");
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> createStore().allocate(sequence, 10, 1))
			.withMessageContaining("12abc");
	}

	@Test
	void trippedGuardsIsEmptyWhileNothingTripped() {
		RedisSegmentStore store = (RedisSegmentStore) createStore();
		store.allocate(uniqueName("healthy"), 10, 1);
		assertThat(store.trippedGuards()).isEmpty();
		assertThat(store.hasFloor()).isFalse();
	}

}
