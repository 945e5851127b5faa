package io.github.idgen.segment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

import io.github.idgen.SequenceExhaustedException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The behaviour every {@link SegmentStore} must have. A store's test extends this class
 * and supplies {@link #createStore()}; every test uses sequence names of its own, so that
 * no cleanup between tests is needed.
 */
public abstract class AbstractSegmentStoreTest {

	private static final long LAST_ID = Long.MAX_VALUE - 1;

	private static final long TIMEOUT_SECONDS = 60;

	private SegmentStore store;

	/**
	 * Create a store on the backend under test. Called several times per test where
	 * several independent instances sharing one backend are needed.
	 * @return a new store
	 */
	protected abstract SegmentStore createStore();

	@BeforeEach
	void createDefaultStore() {
		this.store = createStore();
	}

	/**
	 * Return a sequence name that no other test, and no earlier run, uses.
	 * @param prefix the start of the name
	 * @return the name
	 */

	@Test
	void allocateWhenSequenceIsNewStartsAtOne() {
		String sequence = uniqueName("new");
		assertThat(this.store.allocate(sequence, 1000, 1)).isEqualTo(new Segment(1, 1001));
		assertThat(this.store.allocate(sequence, 1000, 1)).isEqualTo(new Segment(1001, 2001));
		assertThat(this.store.allocate(sequence, 1000, 1)).isEqualTo(new Segment(2001, 3001));
	}

	@Test
	void allocateWhenSequenceIsNewStartsAtCustomStart() {
		String sequence = uniqueName("custom-start");
		assertThat(this.store.allocate(sequence, 10, 1_000_000)).isEqualTo(new Segment(1_000_000, 1_000_010));
		assertThat(this.store.allocate(sequence, 10, 1_000_000)).isEqualTo(new Segment(1_000_010, 1_000_020));
	}

	@Test
	void allocateWhenSequenceExistsIgnoresStart() {
		String sequence = uniqueName("existing");
		this.store.allocate(sequence, 10, 1);
		assertThat(this.store.allocate(sequence, 10, 5000)).isEqualTo(new Segment(11, 21));
	}

	@Test
	void allocateWithMixedStepsIsContiguous() {
		String sequence = uniqueName("mixed");
		long[] steps = { 1, 7, 1000, 3, 1 << 20, 1, 999_999 };
		long expectedStart = 1;
		for (long step : steps) {
			Segment segment = this.store.allocate(sequence, step, 1);
			assertThat(segment).isEqualTo(new Segment(expectedStart, expectedStart + step));
			expectedStart += step;
		}
	}

	@Test
	void allocateKeepsSequencesApart() {
		String first = uniqueName("first");
		String second = uniqueName("second");
		assertThat(this.store.allocate(first, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(this.store.allocate(second, 5, 100)).isEqualTo(new Segment(100, 105));
		assertThat(this.store.allocate(first, 10, 1)).isEqualTo(new Segment(11, 21));
		assertThat(this.store.allocate(second, 5, 100)).isEqualTo(new Segment(105, 110));
	}

	@Test
	void allocateFromSeveralInstancesSharesTheCounter() {
		String sequence = uniqueName("shared");
		SegmentStore other = createStore();
		assertThat(this.store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(other.allocate(sequence, 10, 1)).isEqualTo(new Segment(11, 21));
		assertThat(this.store.allocate(sequence, 10, 1)).isEqualTo(new Segment(21, 31));
	}

	@Test
	void allocateWhenManyThreadsCreateTheSequenceAtOnceHandsOutDisjointSegments() throws Exception {
		String sequence = uniqueName("creation-race");
		int threads = 8;
		long step = 100;
		long start = 42;
		List<Callable<Segment>> tasks = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			SegmentStore store = (i % 2 == 0) ? this.store : createStore();
			tasks.add(() -> store.allocate(sequence, step, start));
		}
		List<Segment> segments = runTogether(tasks);
		assertThat(segments).allSatisfy((segment) -> assertThat(segment.size()).isEqualTo(step));
		assertContiguous(segments, start, threads * step);
	}

	@Test
	void allocateConcurrentlyFromSeveralInstancesHandsOutDisjointSegments() throws Exception {
		String sequence = uniqueName("concurrent");
		int instances = 4;
		int threadsPerInstance = 4;
		int allocationsPerThread = 200;
		List<Callable<List<Segment>>> tasks = new ArrayList<>();
		for (int i = 0; i < instances; i++) {
			SegmentStore store = createStore();
			for (int j = 0; j < threadsPerInstance; j++) {
				tasks.add(() -> {
					List<Segment> segments = new ArrayList<>();
					for (int k = 0; k < allocationsPerThread; k++) {
						long step = ThreadLocalRandom.current().nextLong(1, 50);
						Segment segment = store.allocate(sequence, step, 1);
						assertThat(segment.size()).isEqualTo(step);
						segments.add(segment);
					}
					return segments;
				});
			}
		}
		List<Segment> segments = runTogether(tasks).stream().flatMap(List::stream).toList();
		assertThat(segments).hasSize(instances * threadsPerInstance * allocationsPerThread);
		long total = segments.stream().mapToLong(Segment::size).sum();
		assertContiguous(segments, 1, total);
	}

	@Test
	void allocateWithHugeStep() {
		String sequence = uniqueName("huge");
		long step = 1L << 40;
		assertThat(this.store.allocate(sequence, step, 1)).isEqualTo(new Segment(1, step + 1));
		assertThat(this.store.allocate(sequence, step, 1)).isEqualTo(new Segment(step + 1, 2 * step + 1));
		assertThat(this.store.allocate(sequence, 1, 1)).isEqualTo(new Segment(2 * step + 1, 2 * step + 2));
	}

	@Test
	void allocateWithStepOfWholeRangeReachesLastId() {
		String sequence = uniqueName("whole-range");
		assertThat(this.store.allocate(sequence, LAST_ID, 1)).isEqualTo(new Segment(1, Long.MAX_VALUE));
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> this.store.allocate(sequence, 1, 1));
	}

	@Test
	void allocateNearLastIdThrowsExhaustedAndKeepsCounter() {
		String sequence = uniqueName("overflow");
		assertThat(this.store.allocate(sequence, 5, LAST_ID - 9)).isEqualTo(new Segment(LAST_ID - 9, LAST_ID - 4));
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> this.store.allocate(sequence, 6, 1))
			.satisfies((ex) -> assertThat(ex.getSequence()).isEqualTo(sequence))
			.withMessageContaining(sequence);
		assertThat(this.store.allocate(sequence, 5, 1)).isEqualTo(new Segment(LAST_ID - 4, LAST_ID + 1));
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> this.store.allocate(sequence, 1, 1))
			.withMessageContaining(sequence);
	}

	@Test
	void allocateWhenStepPassesLastIdOnCreationThrowsExhausted() {
		String sequence = uniqueName("overflow-on-creation");
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> this.store.allocate(sequence, 2, LAST_ID))
			.withMessageContaining(sequence);
		assertThat(this.store.allocate(sequence, 1, LAST_ID)).isEqualTo(new Segment(LAST_ID, LAST_ID + 1));
	}

	@Test
	void allocateWithLargestStepThrowsExhausted() {
		String sequence = uniqueName("largest-step");
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> this.store.allocate(sequence, Long.MAX_VALUE, 1))
			.withMessageContaining(sequence);
		assertThat(this.store.allocate(sequence, 1, 1)).isEqualTo(new Segment(1, 2));
	}

	@Test
	void allocateWithInvalidNameThrowsIllegalArgument() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate(null, 1, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate("", 1, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate("x".repeat(129), 1, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate(" padded", 1, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate("line\nbreak", 1, 1));
	}

	@Test
	void allocateWithUnusualNamesKeepsThemApart() {
		String suffix = uniqueName("");
		List<String> names = List.of("it's \"quoted\"" + suffix, "'; drop table x; --" + suffix,
				"\\' OR 1=1 --" + suffix, "订单" + suffix, "%_*" + suffix,
				("x".repeat(128) + suffix).substring(suffix.length()),
				("订".repeat(128) + suffix).substring(suffix.length()),
				("\uD83D\uDE00".repeat(128) + suffix).substring(2 * suffix.length()));
		for (String name : names) {
			assertThat(this.store.allocate(name, 10, 1)).as(name).isEqualTo(new Segment(1, 11));
		}
		for (String name : names) {
			assertThat(this.store.allocate(name, 10, 1)).as(name).isEqualTo(new Segment(11, 21));
		}
		assertThat(this.store.allocate(uniqueName("after-unusual-names"), 10, 1)).isEqualTo(new Segment(1, 11));
	}

	@Test
	void allocateWithNamesDifferingInCaseKeepsThemApart() {
		String suffix = uniqueName("");
		assertThat(this.store.allocate("Order" + suffix, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(this.store.allocate("order" + suffix, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(this.store.allocate("ORDER" + suffix, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(this.store.allocate("Order" + suffix, 10, 1)).isEqualTo(new Segment(11, 21));
	}

	@Test
	void allocateWithNamesDifferingInAccentsKeepsThemApart() {
		String suffix = uniqueName("");
		assertThat(this.store.allocate("resume" + suffix, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(this.store.allocate("résumé" + suffix, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(this.store.allocate("re\u0301sume\u0301" + suffix, 10, 1)).isEqualTo(new Segment(1, 11));
	}

	@Test
	void allocateWithInvalidStepThrowsIllegalArgument() {
		String sequence = uniqueName("invalid-step");
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate(sequence, 0, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate(sequence, -1, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate(sequence, Long.MIN_VALUE, 1));
		assertThat(this.store.allocate(sequence, 1, 1)).isEqualTo(new Segment(1, 2));
	}

	@Test
	void allocateWithInvalidStartThrowsIllegalArgument() {
		String sequence = uniqueName("invalid-start");
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate(sequence, 1, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocate(sequence, 1, -1));
		assertThat(this.store.allocate(sequence, 1, 1)).isEqualTo(new Segment(1, 2));
	}

	/**
	 * Return whether the store reads a sequence's {@link SegmentStore#counter counter}
	 * without reserving; a store that does not must throw
	 * {@link UnsupportedOperationException}.
	 * @return true unless overridden
	 */
	protected boolean readsCounters() {
		return true;
	}

	@Test
	void counterIsTheLastIdReservedAndReadingItReservesNothing() {
		String sequence = uniqueName("counter");
		if (!readsCounters()) {
			assertThatExceptionOfType(UnsupportedOperationException.class)
				.isThrownBy(() -> this.store.counter(sequence));
			return;
		}
		assertThat(this.store.counter(sequence)).as("before any reservation").isEmpty();
		this.store.allocate(sequence, 10, 500);
		Segment last = this.store.allocate(sequence, 7, 500);
		assertThat(this.store.counter(sequence)).hasValue(last.last());
		assertThat(createStore().counter(sequence)).as("read again, by another instance").hasValue(last.last());
		assertThat(this.store.allocate(sequence, 1, 500).start()).as("next ID").isEqualTo(last.last() + 1);
	}

	@Test
	void checkAvailableWhenBackendIsUp() {
		assertThatNoException().isThrownBy(this.store::checkAvailable);
	}

	private static void assertContiguous(List<Segment> segments, long start, long total) {
		List<Segment> sorted = segments.stream().sorted(Comparator.comparingLong(Segment::start)).toList();
		long expectedStart = start;
		for (Segment segment : sorted) {
			assertThat(segment.start()).as("start of %s", segment).isEqualTo(expectedStart);
			expectedStart = segment.end();
		}
		assertThat(expectedStart - start).as("IDs covered").isEqualTo(total);
	}

	@Test
	void manyInstancesCreatingTheSequenceAtOnceHonourStart() throws Exception {
		String sequence = uniqueName("start-race");
		long start = 5_000_000_000L;
		List<Callable<Segment>> tasks = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			SegmentStore store = createStore();
			tasks.add(() -> store.allocate(sequence, 3, start));
		}
		List<Segment> segments = runTogether(tasks);
		assertThat(segments.stream().mapToLong(Segment::start).min().getAsLong()).isEqualTo(start);
		assertThat(segments.stream().mapToLong(Segment::end).max().getAsLong()).isEqualTo(start + 16 * 3);
		assertThat(segments.stream().map(Segment::start).distinct()).hasSize(16);
	}

}
