package io.github.idgen.redis;

import java.lang.reflect.Proxy;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.jdbc.JdbcCounterFloor;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.github.idgen.redis.RedisLossTestSupport.KEYS;
import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A {@link RedisSegmentStore} with a {@link JdbcCounterFloor} on one database: Redis
 * loses or sets back its counters, and the store re-seeds them above the floor and goes
 * on without repeating an ID, in instances that remember earlier IDs and in new ones
 * alike. Runs on a Redis server of its own.
 * <p>
 * Not the {@link io.github.idgen.segment.AbstractSegmentStoreTest} suite: with a floor,
 * concurrent allocations may skip a segment whose claim reached the floor after a later
 * one, so their segments are disjoint but not always contiguous.
 */
abstract class AbstractRedisCounterFloorTest {

	private static final String TABLE = "idgen_redis_floor_test";

	private static final long LAST_ID = Long.MAX_VALUE - 1;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private RedisLossTestSupport support;

	/**
	 * Return the database of the floor, the same on every call.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	@BeforeEach
	void createSchemaAndSupport() {
		new JdbcSegmentSchema(dataSource(), TABLE).createIfMissing();
		this.support = new RedisLossTestSupport(redis.server());
	}

	@AfterEach
	void closeSupport() {
		this.support.close();
	}

	private JdbcCounterFloor floor() {
		return new JdbcCounterFloor(dataSource(), TABLE);
	}

	private RedisSegmentStore newInstance() {
		return new RedisSegmentStore(this.support.newConnectionFactory(), KEYS, floor());
	}

	private StringRedisTemplate redis() {
		return new StringRedisTemplate(this.support.newConnectionFactory());
	}

	@Test
	void allocateRaisesTheFloorToEverySegmentEnd() {
		String sequence = uniqueName("claims");
		RedisSegmentStore store = newInstance();
		assertThat(store.hasFloor()).isTrue();
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(floor().read(sequence)).isEqualTo(10);
		assertThat(store.allocate(sequence, 5, 1)).isEqualTo(new Segment(11, 16));
		assertThat(floor().read(sequence)).isEqualTo(15);
	}

	@Test
	void allocateOfNewSequenceStartsAtStartAndStopsAtLastId() {
		String sequence = uniqueName("bounds");
		RedisSegmentStore store = newInstance();
		assertThat(store.allocate(sequence, 5, LAST_ID - 9)).isEqualTo(new Segment(LAST_ID - 9, LAST_ID - 4));
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> store.allocate(sequence, 6, 1));
		assertThat(store.allocate(sequence, 5, 1)).isEqualTo(new Segment(LAST_ID - 4, Long.MAX_VALUE));
		assertThat(floor().read(sequence)).isEqualTo(LAST_ID);
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> store.allocate(sequence, 1, 1));
	}

	@Test
	void allocateConcurrentlyFromSeveralInstancesHandsOutDisjointSegments() throws Exception {
		String sequence = uniqueName("concurrent");
		long start = 1000;
		List<Callable<List<Segment>>> tasks = new ArrayList<>();
		for (int instance = 0; instance < 4; instance++) {
			RedisSegmentStore store = newInstance();
			for (int thread = 0; thread < 4; thread++) {
				tasks.add(() -> {
					List<Segment> segments = new ArrayList<>();
					for (int i = 0; i < 50; i++) {
						long step = ThreadLocalRandom.current().nextLong(1, 50);
						Segment segment = allocateRetrying(store, sequence, step, start);
						assertThat(segment.size()).isEqualTo(step);
						segments.add(segment);
					}
					return segments;
				});
			}
		}
		List<Segment> segments = runTogether(tasks).stream()
			.flatMap(List::stream)
			.sorted(Comparator.comparingLong(Segment::start))
			.toList();
		assertThat(segments).hasSize(16 * 50);
		assertThat(segments.get(0).start()).isGreaterThanOrEqualTo(start);
		for (int i = 1; i < segments.size(); i++) {
			assertThat(segments.get(i).start()).as("start of %s", segments.get(i))
				.isGreaterThanOrEqualTo(segments.get(i - 1).end());
		}
		assertThat(floor().read(sequence)).isEqualTo(segments.get(segments.size() - 1).end() - 1);
	}

	/**
	 * Allocate as the engine does: a BackendUnavailableException (here: claims that kept
	 * losing to the 15 other threads) is retried.
	 */
	private static Segment allocateRetrying(RedisSegmentStore store, String sequence, long step, long start) {
		for (int attempt = 1;; attempt++) {
			try {
				return store.allocate(sequence, step, start);
			}
			catch (BackendUnavailableException ex) {
				if (attempt == 20) {
					throw ex;
				}
			}
		}
	}

	@Test
	void allocateAfterFlushDbReseedsAboveTheFloor() {
		String sequence = uniqueName("flushed");
		RedisSegmentStore store = newInstance();
		for (int i = 0; i < 3; i++) {
			store.allocate(sequence, 10, 1);
		}
		this.support.flushDb();
		assertThat(newInstance().allocate(sequence, 10, 1)).isEqualTo(new Segment(31, 41));
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(41, 51));
		this.support.flushDb();
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(51, 61));
		assertThat(store.trippedGuards()).isEmpty();
	}

	@Test
	void allocateAfterCounterAndGuardWentBackReseedsAboveTheFloor() {
		String sequence = uniqueName("went-back");
		newInstance().allocate(sequence, 100, 1);
		redis().opsForValue().set(KEYS.counter(sequence), "20");
		redis().opsForValue().set(KEYS.guard(sequence), "20");
		RedisSegmentStore newInstance = newInstance();
		assertThat(newInstance.allocate(sequence, 10, 1)).isEqualTo(new Segment(101, 111));
		assertThat(newInstance.trippedGuards()).isEmpty();
	}

	@Test
	void allocateAfterCounterKeyAloneWasDeletedReseedsAboveTheFloor() {
		String sequence = uniqueName("deleted");
		newInstance().allocate(sequence, 100, 1);
		redis().delete(KEYS.counter(sequence));
		assertThat(newInstance().allocate(sequence, 10, 1)).isEqualTo(new Segment(101, 111));
	}

	@Test
	void allocateWhenFloorDatabaseDoesNotAnswerThrowsBackendUnavailableAndSkipsTheSegment() {
		String sequence = uniqueName("floor-down");
		RedisSegmentStore broken = new RedisSegmentStore(this.support.newConnectionFactory(), KEYS,
				new JdbcCounterFloor(unreachable(), TABLE));
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> broken.allocate(sequence, 10, 1))
			.withMessageContaining("IDs 1 to 10 are skipped")
			.withMessageContaining("SQLState 08001");
		assertThat(newInstance().allocate(sequence, 10, 1)).isEqualTo(new Segment(11, 21));
	}

	@Test
	void allocateWhenFloorTableIsMissingThrowsBackendMisconfiguredAndSkipsTheSegment() {
		String sequence = uniqueName("floor-missing");
		RedisSegmentStore broken = new RedisSegmentStore(this.support.newConnectionFactory(), KEYS,
				new JdbcCounterFloor(dataSource(), "idgen_missing_floor"));
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> broken.allocate(sequence, 10, 1))
			.withMessageContaining("idgen_missing_floor")
			.withMessageContaining("does not exist");
		assertThat(newInstance().allocate(sequence, 10, 1)).isEqualTo(new Segment(11, 21));
	}

	private static DataSource unreachable() {
		return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(),
				new Class<?>[] { DataSource.class }, (proxy, method, args) -> {
					throw new SQLNonTransientConnectionException("Connection refused", "08001");
				});
	}

	@Test
	void flushDbDuringGenerationNeverRepeatsAnIdAndGoesOn() throws Exception {
		generationNeverRepeatsAnIdAndGoesOn(this.support::flushDb);
	}

	@Test
	void restartDuringGenerationNeverRepeatsAnIdAndGoesOn() throws Exception {
		generationNeverRepeatsAnIdAndGoesOn(this.support::restartServer);
	}

	private void generationNeverRepeatsAnIdAndGoesOn(Runnable loss) throws Exception {
		String sequence = uniqueName("generation");
		List<LongSupplier> callers = new ArrayList<>();
		for (int instance = 0; instance < 2; instance++) {
			Sequence handle = this.support.generator(newInstance()).sequence(sequence);
			for (int thread = 0; thread < 4; thread++) {
				callers.add(handle::next);
			}
		}
		int perCaller = 10_000;
		LossDrill.Result result = new LossDrill(callers, perCaller, 20_000, loss).run();
		result.assertNoDuplicate();
		assertThat(result.counterLostCount()).isZero();
		assertThat(result.ids()).hasSize(callers.size() * perCaller);
		assertThat(floor().read(sequence)).isGreaterThanOrEqualTo(result.max());
		assertThat(newInstance().allocate(sequence, 10, 1).start()).isGreaterThan(result.max());
	}

}
