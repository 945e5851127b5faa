package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.UnknownSequencePolicy;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The behaviour every {@link SegmentStore} that serves bounded and cyclic sequences
 * ({@link SequenceBounds}) must show. A subclass supplies the store; every call of
 * {@link #createStore()} returns a new instance on the same backend, as another
 * application instance would have.
 */
public abstract class AbstractBoundedSegmentStoreTest {

	/**
	 * Create a new store instance on the backend under test.
	 * @return the store
	 */
	protected abstract SegmentStore createStore();

	@Test
	void boundedSequenceNeverCrossesItsMaxValue() {
		SegmentStore store = createStore();
		String sequence = uniqueName("bounded");
		SequenceBounds bounds = new SequenceBounds(1, 25, false);
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(1, 11));
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(11, 21));
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(21, 26));
		for (int i = 0; i < 2; i++) {
			assertThatExceptionOfType(SequenceExhaustedException.class)
				.isThrownBy(() -> store.allocate(sequence, 10, bounds))
				.withMessageContaining(sequence)
				.withMessageContaining("25");
		}
	}

	@Test
	void cyclicSequenceWrapsToStart() {
		SegmentStore store = createStore();
		String sequence = uniqueName("cyclic");
		SequenceBounds bounds = new SequenceBounds(5, 25, true);
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(5, 15));
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(15, 25));
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(25, 26));
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(5, 15));
		assertThat(store.allocate(sequence, 3, bounds)).isEqualTo(new Segment(15, 18));
	}

	@Test
	void stepLargerThanTheRangeTakesTheWholeRange() {
		SegmentStore store = createStore();
		String sequence = uniqueName("small");
		SequenceBounds bounds = new SequenceBounds(1, 3, true);
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(1, 4));
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(1, 4));
	}

	@Test
	void concurrentInstancesCoverTheBoundedRangeExactlyOnce() throws Exception {
		String sequence = uniqueName("race");
		SequenceBounds bounds = new SequenceBounds(1, 3000, false);
		List<Callable<List<Segment>>> tasks = new ArrayList<>();
		for (int instance = 0; instance < 4; instance++) {
			SegmentStore store = createStore();
			for (int thread = 0; thread < 4; thread++) {
				tasks.add(() -> {
					List<Segment> segments = new ArrayList<>();
					try {
						for (;;) {
							segments.add(store.allocate(sequence, ThreadLocalRandom.current().nextLong(1, 60), bounds));
						}
					}
					catch (SequenceExhaustedException ex) {
						return segments;
					}
				});
			}
		}
		List<Segment> segments = new ArrayList<>();
		runTogether(tasks).forEach(segments::addAll);
		segments.sort(Comparator.comparingLong(Segment::start));
		long next = 1;
		for (Segment segment : segments) {
			assertThat(segment.start()).as("segments are disjoint and contiguous").isEqualTo(next);
			next = segment.end();
		}
		assertThat(next).isEqualTo(3001);
	}

	@Test
	void concurrentInstancesOnCyclicCounterServeEveryValueOncePerCycle() throws Exception {
		String sequence = uniqueName("cyclic-race");
		long maxValue = 1000;
		long step = 10;
		int cycles = 10;
		int threads = 20;
		SequenceBounds bounds = new SequenceBounds(1, maxValue, true);
		int allocationsPerThread = (int) (cycles * maxValue / step / threads);
		List<Callable<List<Segment>>> tasks = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			SegmentStore store = createStore();
			tasks.add(() -> {
				List<Segment> segments = new ArrayList<>();
				for (int k = 0; k < allocationsPerThread; k++) {
					segments.add(allocateRetrying(store, sequence, step, bounds));
				}
				return segments;
			});
		}
		Map<Long, Long> timesHandedOut = runTogether(tasks).stream()
			.flatMap(List::stream)
			.flatMapToLong((segment) -> LongStream.range(segment.start(), segment.end()))
			.boxed()
			.collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
		assertThat(timesHandedOut).hasSize((int) maxValue);
		assertThat(timesHandedOut)
			.allSatisfy((value, times) -> assertThat(times).as("value %d", value).isEqualTo(cycles));
	}

	/**
	 * Allocate as the engine does: a BackendUnavailableException (here: compare-and-set
	 * rounds that kept losing to the other threads) is retried.
	 */
	private static Segment allocateRetrying(SegmentStore store, String sequence, long step, SequenceBounds bounds) {
		for (int attempt = 1;; attempt++) {
			try {
				return store.allocate(sequence, step, bounds);
			}
			catch (BackendUnavailableException ex) {
				if (attempt == 20) {
					throw ex;
				}
			}
		}
	}

	@Test
	void cyclicCounterServesEveryValueOncePerCycle() throws Exception {
		String sequence = uniqueName("seed");
		SegmentSettings settings = new SegmentSettings(new SequenceBounds(1, 2000, true), 50,
				new StepPolicy(50, 400, Duration.ofMinutes(15)), 0.1, Duration.ofSeconds(10));
		try (SegmentIdGenerator generator = new SegmentIdGenerator(createStore(), settings, Map.of(sequence, settings),
				"default", UnknownSequencePolicy.REJECT)) {
			Sequence counter = generator.sequence(sequence);
			for (int cycle = 1; cycle <= 5; cycle++) {
				List<Callable<long[]>> callers = new ArrayList<>();
				for (int thread = 0; thread < 20; thread++) {
					callers.add(() -> LongStream.range(0, 100).map((i) -> counter.next()).toArray());
				}
				long[] values = runTogether(callers).stream().flatMapToLong(LongStream::of).sorted().toArray();
				assertThat(values).as("cycle %d", cycle).containsExactly(LongStream.rangeClosed(1, 2000).toArray());
			}
		}
	}

}
