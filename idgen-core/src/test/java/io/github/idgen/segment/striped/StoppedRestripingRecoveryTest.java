package io.github.idgen.segment.striped;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.segment.Segment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A re-striping whose process dies between two of its steps, at every store call it makes
 * in turn, while an instance of the old layout draws (their calls interleaved by an
 * {@link Interleaver}, one seed per store call): the next instance started to re-stripe
 * completes it, with the same stores or to the generation after over every store, and no
 * ID is handed out twice. The stores are {@link ScriptedStripeStore}s in memory.
 */
class StoppedRestripingRecoveryTest {

	private static final String SEQUENCE = "orders";

	private static final long STEP = 10;

	/**
	 * More store calls than a re-striping of three stores and its first segments make.
	 */
	private static final int CALLS = 150;

	private static final BackgroundThreads NO_CHECKS = BackgroundThreads.daemon().on((task) -> {
	});

	private final List<StripedSegmentStore> opened = new ArrayList<>();

	@AfterEach
	void close() {
		this.opened.forEach(StripedSegmentStore::close);
	}

	/**
	 * Generation 1 is [A, B]; the re-striping to generation 2 [A, B, C] dies at a store
	 * call; the next instance with the same stores completes it.
	 */
	@Test
	void aRestripingStoppedAtAnyStepIsCompletedByTheNextInstanceWithTheSameStores() throws Exception {
		for (int calls = 0; calls < CALLS; calls++) {
			playStoppedAt(calls, 2, List.of("a", "b", "c"));
		}
	}

	/**
	 * Generation 1 is [A, B]; the re-striping to generation 2 [A, B, C] dies at a store
	 * call, once it closed a store; the next instance re-stripes to generation 3 over [A,
	 * B, C, D] instead (the rollout superseded) and completes. On the code before, one
	 * that died after recording generation 2 in some stores only left a stripe of it that
	 * no store recorded, and every re-striping listing all four stores was refused
	 * ('generation 2 has 3 stores, but stripe(s) [2] of it are neither among the stores
	 * nor among the retired stores') while the stores it had closed stayed closed.
	 */
	@Test
	void aRestripingStoppedAtAnyStepIsCompletedByTheNextGenerationOverEveryStore() throws Exception {
		for (int calls = 0; calls < CALLS; calls++) {
			playStoppedAt(calls, 3, List.of("a", "b", "c", "d"));
		}
	}

	private void playStoppedAt(int calls, int nextGeneration, List<String> nextStores) throws Exception {
		Map<String, ScriptedStripeStore> stores = Map.of("a", new ScriptedStripeStore(), "b", new ScriptedStripeStore(),
				"c", new ScriptedStripeStore(), "d", new ScriptedStripeStore());
		Interleaver interleaver = new Interleaver(calls);
		Set<Long> ids = new HashSet<>();
		StripedSegmentStore old = create(1, List.of("a", "b"), stores, interleaver);
		old.establish();
		draw(old, ids, 2);
		StripedSegmentStore stopped = create(2, List.of("a", "b", "c"), stores, interleaver);
		interleaver.dieAfter(1, calls);
		interleaver.run(List.of(() -> draw(old, ids, 6), () -> {
			stopped.establish();
			draw(stopped, ids, 2);
		}), Duration.ofSeconds(10));
		int recorded = stores.values()
			.stream()
			.mapToInt((store) -> StripedSegmentStore.recordedGeneration(store).orElse(0))
			.max()
			.orElse(0);
		if (recorded < nextGeneration - 1) {
			// it died before closing a store: the layout is generation 1 still, which
			// the first test re-stripes
			return;
		}
		StripedSegmentStore next = create(nextGeneration, nextStores, stores, interleaver);
		next.establish();
		assertThat(next.stripes()).as("stores after a re-striping that died after %d store calls", calls)
			.extracting(StripeState::status)
			.containsOnly(StripeStatus.UP);
		for (int i = 0; i < 4; i++) {
			draw(old, ids, 1);
			draw(next, ids, 1);
		}
	}

	private StripedSegmentStore create(int generation, List<String> names, Map<String, ScriptedStripeStore> stores,
			Interleaver interleaver) {
		List<StripeMember> members = names.stream()
			.map((name) -> new StripeMember(name, new InterleavedStripeStore(stores.get(name).view(), interleaver)))
			.toList();
		StripedSegmentStore store = new StripedSegmentStore(members, List.of(), generation, NO_CHECKS);
		this.opened.add(store);
		return store;
	}

	private static void draw(StripedSegmentStore instance, Set<Long> ids, int segments) {
		for (int i = 0; i < segments; i++) {
			Segment segment;
			try {
				segment = instance.allocate(SEQUENCE, STEP, 1);
			}
			catch (BackendUnavailableException | BackendMisconfiguredException ex) {
				continue;
			}
			for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
				assertThat(ids.add(id)).as("ID %d handed out once", id).isTrue();
			}
		}
	}

}
