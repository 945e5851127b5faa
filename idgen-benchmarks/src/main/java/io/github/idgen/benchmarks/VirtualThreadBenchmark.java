package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.idgen.Sequence;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.segment.InMemorySegmentStore;
import io.github.idgen.segment.SegmentIdGenerator;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.VirtualThreads;

/**
 * Times 1,000 virtual threads drawing IDs from one sequence next to platform threads
 * drawing the same total number of IDs from the same kind of sequence: 1,000 platform
 * threads, and a pool of as many platform threads as the machine has processors. Needs
 * Java 21 or later.
 * <p>
 * Two scenarios, each on a new generator and store per run, fetching on idgen's own
 * platform daemon threads:
 * <ul>
 * <li>{@code hot path}: an in-memory store with the default settings (step 1000 doubling
 * up to 1,000,000), so callers almost never wait for a segment: the cost of
 * {@code Sequence.next()} and of the scheduling of the callers;</li>
 * <li>{@code waiting}: a store that sleeps 1 ms per segment of a fixed 1,000 IDs, so that
 * the callers drain each segment long before the next arrives and nearly every call of
 * every caller waits for one: the cost of waiting and being woken.</li>
 * </ul>
 * Every caller is started and waits at a latch before the clock starts; a run ends when
 * the last caller has drawn its share (the IDs of a run split evenly over its callers).
 * Each round runs the three subjects of a scenario in an order rotated by one per round,
 * after warm-up rounds that are not counted. The report gives, per scenario, the
 * throughput of the virtual threads divided by that of each platform subject, per round
 * and as the median over the rounds: ratios only, never absolute times, which say more
 * about the machine than about idgen.
 * <p>
 * Usage: {@code java -cp benchmarks.jar io.github.idgen.benchmarks.VirtualThreadBenchmark
 * [rounds=5] [warmup=2]}, on Java 21 or later.
 */
public final class VirtualThreadBenchmark {

	private static final int VIRTUAL_THREADS = 1_000;

	private VirtualThreadBenchmark() {
	}

	/**
	 * Run the benchmark and print its report to standard output.
	 * @param args the measured rounds and the warm-up rounds
	 * @throws InterruptedException if interrupted
	 */
	public static void main(String[] args) throws InterruptedException {
		// closing a generator after each run interrupts a prefetch under way, which idgen
		// logs as a failed fetch; only errors are of interest here
		System.setProperty("org.slf4j.simpleLogger.log.io.github.idgen", "error");
		if (!VirtualThreads.supported()) {
			System.err.println("VirtualThreadBenchmark needs Java 21 or later; this is Java "
					+ System.getProperty("java.version"));
			System.exit(2);
		}
		int rounds = (args.length > 0) ? Integer.parseInt(args[0]) : 5;
		int warmup = (args.length > 1) ? Integer.parseInt(args[1]) : 2;
		int processors = Runtime.getRuntime().availableProcessors();
		List<Subject> subjects = List.of(new Subject("virtual " + VIRTUAL_THREADS, VIRTUAL_THREADS, true),
				new Subject("platform " + VIRTUAL_THREADS, VIRTUAL_THREADS, false),
				new Subject("platform " + processors, processors, false));
		List<Scenario> scenarios = List.of(
				new Scenario("hot path", "in-memory store, default settings", 50_000_000,
						() -> new InMemorySegmentStore(), defaultSettings()),
				new Scenario("waiting", "store sleeping 1 ms per segment of a fixed 1,000 IDs", 2_000_000,
						() -> new SleepingSegmentStore(new InMemorySegmentStore(), Duration.ofMillis(1)),
						fixedStep(1000)));
		System.out.printf(Locale.ROOT,
				"VirtualThreadBenchmark: Java %s, %d processors, %d rounds after %d warm-up " + "rounds%n",
				System.getProperty("java.version"), processors, rounds, warmup);
		for (Scenario scenario : scenarios) {
			for (int round = 0; round < warmup; round++) {
				for (Subject subject : subjects) {
					scenario.run(subject);
				}
			}
			double[][] nanos = new double[subjects.size()][rounds];
			for (int round = 0; round < rounds; round++) {
				for (int i = 0; i < subjects.size(); i++) {
					int subject = (i + round) % subjects.size();
					nanos[subject][round] = scenario.run(subjects.get(subject));
				}
			}
			report(scenario, subjects, nanos);
		}
	}

	private static void report(Scenario scenario, List<Subject> subjects, double[][] nanos) {
		System.out.printf(Locale.ROOT, "%n%s (%s), %,d IDs per run from one sequence%n", scenario.name,
				scenario.description, scenario.ids);
		System.out.printf(Locale.ROOT, "  %-40s %-40s %s%n", "throughput ratio", "per round", "median");
		for (int other = 1; other < subjects.size(); other++) {
			double[] ratios = new double[nanos[0].length];
			StringBuilder perRound = new StringBuilder();
			for (int round = 0; round < ratios.length; round++) {
				ratios[round] = nanos[other][round] / nanos[0][round];
				perRound.append(String.format(Locale.ROOT, "%.2f ", ratios[round]));
			}
			System.out.printf(Locale.ROOT, "  %-40s %-40s %.2f%n",
					subjects.get(0).name + " / " + subjects.get(other).name, perRound.toString().trim(),
					median(ratios));
		}
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	private static SegmentSettings defaultSettings() {
		return new SegmentSettings(1, 1000, new StepPolicy(1000, 1_000_000, Duration.ofMinutes(15)), 0.1,
				Duration.ofSeconds(3));
	}

	private static SegmentSettings fixedStep(long step) {
		return new SegmentSettings(1, step, new StepPolicy(step, step, Duration.ofMinutes(15)), 0.1,
				Duration.ofSeconds(30));
	}

	/**
	 * Callers of one kind: how many threads, virtual or platform.
	 */
	private record Subject(String name, int threads, boolean virtual) {

		ThreadFactory factory() {
			return this.virtual ? VirtualThreads.factory("caller-") : (task) -> new Thread(task, "caller");
		}

	}

	/**
	 * A store and settings, and the total number of IDs a run draws.
	 */
	private record Scenario(String name, String description, int ids, Supplier<SegmentStore> store,
			SegmentSettings settings) {

		/**
		 * Draw {@link #ids} IDs from one new sequence on the subject's threads, each
		 * drawing an equal share, and return how long it took, in nanoseconds, from the
		 * release of the callers until the last one finished.
		 */
		double run(Subject subject) throws InterruptedException {
			try (SegmentIdGenerator generator = new SegmentIdGenerator(this.store.get(), this.settings, Map.of(),
					"default", UnknownSequencePolicy.CREATE)) {
				Sequence sequence = generator.sequence("order");
				CountDownLatch ready = new CountDownLatch(subject.threads);
				CountDownLatch go = new CountDownLatch(1);
				CountDownLatch done = new CountDownLatch(subject.threads);
				long[] checks = new long[subject.threads];
				List<Thread> callers = new ArrayList<>();
				ThreadFactory factory = subject.factory();
				for (int i = 0; i < subject.threads; i++) {
					int caller = i;
					int share = this.ids / subject.threads + ((i < this.ids % subject.threads) ? 1 : 0);
					callers.add(factory.newThread(() -> {
						ready.countDown();
						try {
							go.await();
						}
						catch (InterruptedException ex) {
							Thread.currentThread().interrupt();
							return;
						}
						long check = 0;
						for (int j = 0; j < share; j++) {
							check += sequence.next();
						}
						checks[caller] = check;
						done.countDown();
					}));
				}
				callers.forEach(Thread::start);
				ready.await();
				long started = System.nanoTime();
				go.countDown();
				if (!done.await(10, TimeUnit.MINUTES)) {
					throw new IllegalStateException(subject.name + " did not finish " + this.name + " in 10 minutes");
				}
				long took = System.nanoTime() - started;
				for (Thread caller : callers) {
					caller.join();
				}
				if (Arrays.stream(checks).anyMatch((check) -> check <= 0)) {
					throw new IllegalStateException("A caller of " + subject.name + " drew no ID");
				}
				return took;
			}
		}

	}

}
