package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs a {@link StripedSegmentStore} over two stores of different kinds, as several
 * instances allocating at once, and checks what they hand out.
 */
public final class MixedStripes {

	private static final int INSTANCES = 2;

	private static final int THREADS = 4;

	private static final int ALLOCATIONS = 2_000;

	private static final long STEP = 10;

	private MixedStripes() {
	}

	/**
	 * Run {@value #INSTANCES} striped stores of generation 1, each over instances of its
	 * own of the two stores (stripe 0 and stripe 1) and established, {@value #THREADS}
	 * threads each allocating {@value #ALLOCATIONS} segments of {@value #STEP} IDs of one
	 * sequence, and check that every ID is handed out once, that both stores served, and
	 * that each segment lies in the stripe of the store whose counter it set.
	 * @param first creates an instance of the first store, on a backend of its own for
	 * this check
	 * @param second creates an instance of the second store, likewise
	 * @throws Exception if an allocation failed
	 */
	public static void assertDistinctIdsFromBothStores(Supplier<StripeStore> first, Supplier<StripeStore> second)
			throws Exception {
		String sequence = uniqueName("mixed");
		List<Set<Long>> written = List.of(ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet());
		List<StripedSegmentStore> instances = new ArrayList<>();
		try {
			for (int i = 0; i < INSTANCES; i++) {
				StripedSegmentStore instance = new StripedSegmentStore(
						List.of(new StripeMember("first", recording(first.get(), sequence, written.get(0))),
								new StripeMember("second", recording(second.get(), sequence, written.get(1)))),
						List.of(), 1);
				instances.add(instance);
				instance.establish();
			}
			List<Callable<List<Segment>>> tasks = new ArrayList<>();
			for (StripedSegmentStore instance : instances) {
				for (int thread = 0; thread < THREADS; thread++) {
					tasks.add(() -> {
						List<Segment> segments = new ArrayList<>();
						for (int allocation = 0; allocation < ALLOCATIONS; allocation++) {
							segments.add(instance.allocate(sequence, STEP, SequenceBounds.startingAt(1)));
						}
						return segments;
					});
				}
			}
			List<Segment> segments = runTogether(tasks).stream().flatMap(List::stream).toList();
			List<StripeLayout> layouts = List.of(new StripeLayout(1, 2, 0), new StripeLayout(1, 2, 1));
			for (StripedSegmentStore instance : instances) {
				assertThat(instance.stripes()).extracting(StripeState::status)
					.containsExactly(StripeStatus.UP, StripeStatus.UP);
				assertThat(instance.stripes()).extracting(StripeState::layout).isEqualTo(layouts);
				assertThat(instance.stripes()).allSatisfy((state) -> assertThat(state.segments()).isPositive());
			}
			Set<Long> ids = new HashSet<>();
			for (Segment segment : segments) {
				assertThat(segment.size()).isEqualTo(STEP);
				int store = written.get(0).contains(segment.last()) ? 0 : 1;
				assertThat(written.get(store)).as("the store that set its counter to %d", segment.last())
					.contains(segment.last());
				for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
					assertThat(layouts.get(store).contains(id)).as("ID %d in the stripe of its store", id).isTrue();
					assertThat(ids.add(id)).as("ID %d handed out once", id).isTrue();
				}
			}
			assertThat(ids).hasSize(INSTANCES * THREADS * ALLOCATIONS * (int) STEP);
		}
		finally {
			instances.forEach(StripedSegmentStore::close);
		}
	}

	/**
	 * Wrap a store so that each value its compare-and-set wrote to the counter of the
	 * sequence is recorded.
	 */
	private static StripeStore recording(StripeStore store, String sequence, Set<Long> written) {
		return new StripeStore() {

			@Override
			public OptionalLong read(String counter) {
				return store.read(counter);
			}

			@Override
			public boolean compareAndSet(String counter, OptionalLong expected, long value) {
				boolean set = store.compareAndSet(counter, expected, value);
				if (set && counter.equals(sequence)) {
					written.add(value);
				}
				return set;
			}

			@Override
			public Map<String, Long> readAll() {
				return store.readAll();
			}

			@Override
			public void checkAvailable() {
				store.checkAvailable();
			}

		};
	}

}
