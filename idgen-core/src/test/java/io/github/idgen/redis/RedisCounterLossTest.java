package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import io.github.idgen.CounterLostException;
import io.github.idgen.Sequence;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.idgen.redis.RedisLossTestSupport.KEYS;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Redis loses the counters in the middle of generation, without a floor: no ID is ever
 * returned twice, the callers get {@link CounterLostException} and the guards report that
 * they tripped. Runs on a Redis server of its own.
 */
class RedisCounterLossTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private RedisLossTestSupport support;

	@BeforeEach
	void createSupport() {
		this.support = new RedisLossTestSupport(redis.server());
	}

	@AfterEach
	void closeSupport() {
		this.support.close();
	}

	@Test
	void flushDbDuringSegmentGenerationNeverRepeatsAnIdAndTrips() throws Exception {
		segmentGenerationNeverRepeatsAnIdAndTrips(this.support::flushDb);
	}

	@Test
	void restartDuringSegmentGenerationNeverRepeatsAnIdAndTrips() throws Exception {
		segmentGenerationNeverRepeatsAnIdAndTrips(this.support::restartServer);
	}

	@Test
	void flushDbDuringIncrementGenerationNeverRepeatsAnIdAndTrips() throws Exception {
		incrementGenerationNeverRepeatsAnIdAndTrips(this.support::flushDb);
	}

	@Test
	void restartDuringIncrementGenerationNeverRepeatsAnIdAndTrips() throws Exception {
		incrementGenerationNeverRepeatsAnIdAndTrips(this.support::restartServer);
	}

	@Test
	void allocateAfterScriptFlushLoadsTheScriptAgain() {
		String sequence = uniqueName("script-flush");
		RedisSegmentStore store = new RedisSegmentStore(this.support.newConnectionFactory(), KEYS);
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		this.support.flushScripts();
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(11, 21));
	}

	@Test
	void flushDbMidCycleOfACyclicSequenceTrips() {
		String sequence = uniqueName("cyclic-flush");
		SequenceBounds bounds = new SequenceBounds(1, 100, true);
		RedisSegmentStore store = new RedisSegmentStore(this.support.newConnectionFactory(), KEYS);
		for (int i = 0; i < 6; i++) {
			store.allocate(sequence, 30, bounds);
		}
		this.support.flushDb();
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> store.allocate(sequence, 30, bounds))
			.withMessageContaining("60 in cycle 1");
		assertThat(store.trippedGuards()).containsOnlyKeys(sequence);
		RedisSegmentStore newInstance = new RedisSegmentStore(this.support.newConnectionFactory(), KEYS);
		assertThatExceptionOfType(CounterLostException.class)
			.isThrownBy(() -> newInstance.allocate(sequence, 30, bounds));
	}

	private void segmentGenerationNeverRepeatsAnIdAndTrips(Runnable loss) throws Exception {
		String sequence = uniqueName("segment-loss");
		List<RedisSegmentStore> stores = new ArrayList<>();
		List<LongSupplier> callers = new ArrayList<>();
		for (int instance = 0; instance < 2; instance++) {
			RedisSegmentStore store = new RedisSegmentStore(this.support.newConnectionFactory(), KEYS);
			stores.add(store);
			Sequence handle = this.support.generator(store).sequence(sequence);
			for (int thread = 0; thread < 4; thread++) {
				callers.add(handle::next);
			}
		}
		LossDrill.Result result = new LossDrill(callers, 200_000, 20_000, loss).run();
		result.assertNoDuplicate();
		assertThat(result.counterLostCount()).isEqualTo(callers.size());
		assertThat(stores).allSatisfy((store) -> assertThat(store.trippedGuards()).containsOnlyKeys(sequence));
		RedisSegmentStore newInstance = new RedisSegmentStore(this.support.newConnectionFactory(), KEYS);
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> newInstance.allocate(sequence, 100, 1));
	}

	private void incrementGenerationNeverRepeatsAnIdAndTrips(Runnable loss) throws Exception {
		String sequence = uniqueName("increment-loss");
		List<RedisIncrementSequence> instances = new ArrayList<>();
		List<LongSupplier> callers = new ArrayList<>();
		for (int instance = 0; instance < 2; instance++) {
			RedisIncrementSequence handle = new RedisIncrementSequence(this.support.newConnectionFactory(), KEYS,
					sequence, 1);
			instances.add(handle);
			for (int thread = 0; thread < 4; thread++) {
				callers.add(handle::next);
			}
		}
		LossDrill.Result result = new LossDrill(callers, 200_000, 5_000, loss).run();
		result.assertNoDuplicate();
		assertThat(result.counterLostCount()).isEqualTo(callers.size());
		assertThat(instances).allSatisfy((instance) -> assertThat(instance.trippedGuard()).isPresent());
		RedisIncrementSequence newInstance = new RedisIncrementSequence(this.support.newConnectionFactory(), KEYS,
				sequence, 1);
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(newInstance::next);
		assertThat(newInstance.trippedGuard()).isPresent();
	}

}
