package io.github.idgen.segment.striped;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.segment.Segment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Re-stripings and instances over the same stores, their store calls interleaved at
 * random by an {@link Interleaver}, one interleaving per seed: generation 1 is [A, B]; an
 * instance of it draws all along while one instance re-stripes to generation 2 [A, B, C],
 * and, as each seed decides, another to generation 2 [A, B, D] (a rollout with another
 * list), one or two to generation 3 over all four stores in an order the seed picks (a
 * rollout superseding the first), each drawing once it started; each re-striping dies at
 * a random store call in one seed of three (its process killed between two steps).
 * Whatever the interleaving, no ID is handed out twice by any instance, and once nothing
 * else runs, the re-stripings started again one at a time, oldest generation first, end
 * with generation 3 over every store in force: what re-stripings that stopped or lost
 * left in the stores never blocks a later one for good.
 * <p>
 * The stores are {@link ScriptedStripeStore}s in memory; the background checks of the
 * instances are dropped, so that only the actors call the stores and a seed replays its
 * interleaving (a store marked down is still tried by every fetch that finds no other).
 */
class RandomRestripingInterleavingTest {

	private static final int SEEDS = 300;

	private static final int DIES_WITHIN = 120;

	private static final String SEQUENCE = "orders";

	private static final long STEP = 10;

	private static final BackgroundThreads NO_CHECKS = BackgroundThreads.daemon().on((task) -> {
	});

	@Test
	void randomInterleavingsOfRestripingsNeverHandOutAnIdTwiceAndAlwaysLetTheNewestComplete() throws Exception {
		List<String> duplicates = new ArrayList<>();
		List<String> stalls = new ArrayList<>();
		for (long seed = 0; seed < SEEDS; seed++) {
			new Play(seed, duplicates, stalls).run();
		}
		assertThat(duplicates).as("IDs handed out twice, of %d seeds", SEEDS).isEmpty();
		assertThat(stalls).as("re-stripings to generation 3 that could not complete alone, of %d seeds", SEEDS)
			.isEmpty();
	}

	/**
	 * One interleaving, played by the seed.
	 */
	private static final class Play {

		private final long seed;

		private final Random random;

		private final Interleaver interleaver;

		private final List<String> duplicates;

		private final List<String> stalls;

		private final Set<Long> ids = ConcurrentHashMap.newKeySet();

		private final List<StripedSegmentStore> instances = Collections.synchronizedList(new ArrayList<>());

		private final Map<String, ScriptedStripeStore> stores = Map.of("a", new ScriptedStripeStore(), "b",
				new ScriptedStripeStore(), "c", new ScriptedStripeStore(), "d", new ScriptedStripeStore());

		Play(long seed, List<String> duplicates, List<String> stalls) {
			this.seed = seed;
			this.random = new Random(seed);
			this.interleaver = new Interleaver(seed);
			this.duplicates = duplicates;
			this.stalls = stalls;
		}

		void run() throws InterruptedException {
			try {
				StripedSegmentStore old = open(1, List.of("a", "b"));
				draw(old, 2);
				List<String> newest = new ArrayList<>(List.of("a", "b", "c", "d"));
				Collections.shuffle(newest, this.random);
				List<Runnable> actors = new ArrayList<>();
				List<Rollout> rollouts = new ArrayList<>();
				rollouts.add(new Rollout(2, List.of("a", "b", "c")));
				if (this.random.nextBoolean()) {
					rollouts.add(new Rollout(2, List.of("a", "b", "d")));
				}
				rollouts.add(new Rollout(3, newest));
				if (this.random.nextBoolean()) {
					rollouts.add(new Rollout(3, newest));
				}
				actors.add(() -> draw(old, 8));
				for (Rollout rollout : rollouts) {
					if (this.random.nextInt(3) == 0) {
						this.interleaver.dieAfter(actors.size(), this.random.nextInt(DIES_WITHIN));
					}
					actors.add(() -> restripe(rollout));
				}
				this.interleaver.run(actors, Duration.ofSeconds(10));
				// once nothing else runs, each re-striping is started again, oldest
				// generation first: the last, over every store, must complete
				StripedSegmentStore last = null;
				for (Rollout rollout : rollouts) {
					try {
						last = open(rollout.generation(), rollout.stores());
					}
					catch (RuntimeException ex) {
						if (rollout == rollouts.get(rollouts.size() - 1)) {
							this.stalls.add("seed " + this.seed + ": " + ex.getMessage());
							return;
						}
					}
				}
				assertThat(last.stripes()).as("seed %d: the stores of generation 3", this.seed)
					.extracting(StripeState::status)
					.containsOnly(StripeStatus.UP);
				for (int round = 0; round < 4; round++) {
					for (StripedSegmentStore instance : List.copyOf(this.instances)) {
						draw(instance, 1);
					}
				}
			}
			finally {
				this.instances.forEach(StripedSegmentStore::close);
			}
		}

		private StripedSegmentStore open(int generation, List<String> names) {
			StripedSegmentStore instance = create(generation, names);
			try {
				instance.establish();
			}
			catch (RuntimeException ex) {
				// an instance that fails to start draws nothing
				this.instances.remove(instance);
				throw ex;
			}
			return instance;
		}

		private StripedSegmentStore create(int generation, List<String> names) {
			List<StripeMember> members = names.stream()
				.map((name) -> new StripeMember(name,
						new InterleavedStripeStore(this.stores.get(name).view(), this.interleaver)))
				.toList();
			StripedSegmentStore instance = new StripedSegmentStore(members, List.of(), generation, NO_CHECKS);
			this.instances.add(instance);
			return instance;
		}

		private void restripe(Rollout rollout) {
			StripedSegmentStore instance = create(rollout.generation(), rollout.stores());
			try {
				instance.establish();
				draw(instance, 4);
			}
			catch (BackendUnavailableException | BackendMisconfiguredException ex) {
				// refused, or stopped by another re-striping: it does not start
				this.instances.remove(instance);
			}
			catch (Interleaver.Died ex) {
				// the process died: it draws no more
				this.instances.remove(instance);
				throw ex;
			}
		}

		private void draw(StripedSegmentStore instance, int segments) {
			for (int i = 0; i < segments; i++) {
				Segment segment;
				try {
					segment = instance.allocate(SEQUENCE, STEP, 1);
				}
				catch (BackendUnavailableException | BackendMisconfiguredException | SequenceExhaustedException ex) {
					continue;
				}
				for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
					if (!this.ids.add(id)) {
						this.duplicates.add("seed " + this.seed + ": ID " + id);
					}
				}
			}
		}

	}

	/**
	 * An instance started to re-stripe.
	 *
	 * @param generation the generation it is configured with
	 * @param stores the names of the stores it lists
	 */
	private record Rollout(int generation, List<String> stores) {

	}

}
