package io.github.idgen.redis;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.striped.AbstractStripeStoreTest;
import io.github.idgen.segment.striped.MixedStripes;
import io.github.idgen.segment.striped.StripeStore;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The {@link AbstractStripeStoreTest} suite for {@link RedisSegmentStore} plus the Redis
 * specifics, for one Redis deployment. Tests that need to know every counter of a prefix
 * use a prefix of their own.
 */
abstract class AbstractRedisStripeStoreTest extends AbstractStripeStoreTest {

	/**
	 * The keys of the suite: a prefix apart from the other Redis tests, some of which
	 * leave counters that hold no integer, which would fail {@code readAll()}.
	 */
	private static final RedisKeys KEYS = new RedisKeys("idgen-stripe-test:");

	/**
	 * Return the Redis under test, the same on every call.
	 * @return a started connection factory
	 */
	protected abstract LettuceConnectionFactory connectionFactory();

	@Override
	protected StripeStore createStore() {
		return new RedisSegmentStore(connectionFactory(), KEYS);
	}

	private RedisSegmentStore storeWithPrefix(String prefix) {
		return new RedisSegmentStore(connectionFactory(), new RedisKeys(prefix));
	}

	private StringRedisTemplate redis() {
		return new StringRedisTemplate(connectionFactory());
	}

	@Test
	void counterIsTheKeyOfTheSequenceSoThatAStoreThatServedAloneCanBecomeAStripe() {
		String sequence = uniqueName("alone");
		RedisSegmentStore store = (RedisSegmentStore) createStore();
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(store.read(sequence)).hasValue(10);
		assertThat(store.compareAndSet(sequence, OptionalLong.of(10), 30)).isTrue();
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("30");
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo("30");
		assertThat(((RedisSegmentStore) createStore()).allocate(sequence, 10, 1)).isEqualTo(new Segment(31, 41));
		assertThat(store.read(sequence)).hasValue(40);
	}

	/**
	 * A stripe's counter never wraps (a striped store serves no cyclic sequence), so the
	 * compare-and-set reads a counter in cycle 0 and names no cycle key, which would not
	 * exist while a Redis Cluster slot migrates: the counter of a sequence that wrapped
	 * as a cyclic one lies behind its guard there and is refused, untouched.
	 */
	@Test
	void compareAndSetRefusesTheCounterOfASequenceThatWrapped() {
		String sequence = uniqueName("cyclic");
		RedisSegmentStore store = (RedisSegmentStore) createStore();
		SequenceBounds bounds = new SequenceBounds(1, 20, true);
		store.allocate(sequence, 10, bounds);
		store.allocate(sequence, 10, bounds);
		store.allocate(sequence, 10, bounds);
		assertThat(redis().opsForValue().get(KEYS.guard(sequence))).isEqualTo("1:10");
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.compareAndSet(sequence, OptionalLong.of(10), 15))
			.withMessageContaining("holds 1:10");
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("10");
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(11, 21));
	}

	/**
	 * The refusal of a counter whose guard lies after a wrap names a recovery that works:
	 * "set the counter to the guard's value or above" cannot, since the counter is at the
	 * guard's value already, in cycle 0.
	 */
	@Test
	void theRefusalOfASequenceThatWrappedNamesARecoveryThatWorks() {
		String sequence = uniqueName("wrapped");
		RedisSegmentStore store = (RedisSegmentStore) createStore();
		SequenceBounds bounds = new SequenceBounds(1, 20, true);
		store.allocate(sequence, 20, bounds);
		store.allocate(sequence, 10, bounds);
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("10");
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.compareAndSet(sequence, OptionalLong.of(10), 15))
			.withMessageContaining("wrapped as a cyclic sequence")
			.withMessageContaining("set the counter and the guard '" + KEYS.guard(sequence)
					+ "' to one value above every ID handed out");
		redis().opsForValue().set(KEYS.counter(sequence), "21");
		redis().opsForValue().set(KEYS.guard(sequence), "21");
		assertThat(store.compareAndSet(sequence, OptionalLong.of(21), 30)).isTrue();
	}

	@Test
	void compareAndSetWhenCounterWasLostOrSetBackBelowItsGuardRefusesIt() {
		String sequence = uniqueName("lost");
		StripeStore store = createStore();
		assertThat(store.compareAndSet(sequence, OptionalLong.empty(), 100)).isTrue();
		redis().delete(KEYS.counter(sequence));
		assertThat(store.read(sequence)).isEmpty();
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.compareAndSet(sequence, OptionalLong.empty(), 10))
			.withMessageContaining("missing")
			.withMessageContaining(KEYS.guard(sequence))
			.withMessageContaining("100");
		assertThat(redis().hasKey(KEYS.counter(sequence))).isFalse();
		redis().opsForValue().set(KEYS.counter(sequence), "40");
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.compareAndSet(sequence, OptionalLong.of(40), 50))
			.withMessageContaining("at 40");
		assertThat(redis().opsForValue().get(KEYS.counter(sequence))).isEqualTo("40");
		redis().opsForValue().set(KEYS.counter(sequence), "100");
		assertThat(store.compareAndSet(sequence, OptionalLong.of(100), 110)).isTrue();
	}

	@Test
	void compareAndSetKeepsNegativeValuesAndTheirOrder() {
		String counter = uniqueName("negative");
		StripeStore store = createStore();
		assertThat(store.compareAndSet(counter, OptionalLong.empty(), -12)).isTrue();
		assertThat(store.compareAndSet(counter, OptionalLong.of(-12), -3)).isTrue();
		assertThat(redis().opsForValue().get(KEYS.guard(counter))).isEqualTo("-3");
		assertThat(store.compareAndSet(counter, OptionalLong.of(-3), 5)).isTrue();
		assertThat(store.read(counter)).hasValue(5);
		assertThat(redis().opsForValue().get(KEYS.guard(counter))).isEqualTo("5");
	}

	@Test
	void readAllReturnsEveryCounterOfThePrefixOnEveryNodeAndNothingElse() {
		String prefix = uniqueName("idgen-test-all") + ":";
		RedisSegmentStore store = storeWithPrefix(prefix);
		Map<String, Long> expected = new HashMap<>();
		for (int i = 0; i < 40; i++) {
			String name = "counter-" + i;
			assertThat(store.compareAndSet(name, OptionalLong.empty(), 1000L + i)).isTrue();
			expected.put(name, 1000L + i);
		}
		store.allocate("served-alone", 5, 1);
		expected.put("served-alone", 5L);
		redis().opsForValue().set(prefix + "worker:{3}", "owner");
		redis().opsForValue().set(prefix + "{timed}:time:0", "7");
		redis().opsForValue().set(prefix + "{}", "8");
		redis().opsForValue().set(prefix + "{counter-0}:other}", "9");
		redis().opsForValue().set(prefix + "x{other}", "10");
		assertThat(storeWithPrefix(prefix).readAll()).isEqualTo(expected);
	}

	@Test
	void readAllEscapesTheGlobCharactersOfThePrefix() {
		String base = uniqueName("idgen-test-glob");
		RedisSegmentStore globbed = storeWithPrefix(base + "*?[a]\\:");
		RedisSegmentStore plain = storeWithPrefix(base + "xya:");
		globbed.compareAndSet("mine", OptionalLong.empty(), 1);
		plain.compareAndSet("not-mine", OptionalLong.empty(), 2);
		assertThat(globbed.readAll()).containsExactly(Map.entry("mine", 1L));
		assertThat(plain.readAll()).containsExactly(Map.entry("not-mine", 2L));
	}

	@Test
	void counterHoldingNoIntegerIsRefused() {
		String prefix = uniqueName("idgen-test-invalid") + ":";
		RedisSegmentStore store = storeWithPrefix(prefix);
		redis().opsForValue().set(prefix + "{broken}", "12abc");
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> store.read("broken"))
			.withMessageContaining(prefix + "{broken}")
			.withMessageContaining("12abc");
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(store::readAll)
			.withMessageContaining("12abc");
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.compareAndSet("broken", OptionalLong.of(12), 13))
			.withMessageContaining("12abc");
		assertThat(redis().opsForValue().get(prefix + "{broken}")).isEqualTo("12abc");
	}

	@Test
	void namesWithBracesAreRejected() {
		StripeStore store = createStore();
		assertThatIllegalArgumentException().isThrownBy(() -> store.read("order{1}"))
			.withMessageContaining("'{' or '}'");
		assertThatIllegalArgumentException().isThrownBy(() -> store.compareAndSet("order}1", OptionalLong.empty(), 1))
			.withMessageContaining("'{' or '}'");
	}

	@Test
	void storeWithAFloorIsRefusedAsAStripe() {
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
		String counter = uniqueName("floor");
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> store.read(counter))
			.withMessageContaining("floor");
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.compareAndSet(counter, OptionalLong.empty(), 1));
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(store::readAll);
		assertThat(redis().hasKey(KEYS.counter(counter))).isFalse();
	}

	@Test
	void stripedStoreOverRedisAndH2HandsOutDistinctIdsFromBoth() throws Exception {
		RedisKeys keys = new RedisKeys(uniqueName("idgen-test-mixed") + ":");
		String table = "idgen_mixed_stripes";
		DataSource h2 = TestBackends.h2();
		new JdbcSegmentSchema(h2, table).createIfMissing();
		MixedStripes.assertDistinctIdsFromBothStores(() -> new RedisSegmentStore(connectionFactory(), keys),
				() -> new JdbcSegmentStore(h2, table));
	}

}
