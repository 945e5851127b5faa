package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.segment.InMemorySegmentStore;
import io.github.idgen.segment.SegmentIdGenerator;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.StepPolicy;

/**
 * Times every single call, not a sample of them, to measure the tail latency of
 * {@code Sequence.next()} over a store that sleeps 1 ms per allocation, next to the
 * {@link AtomicLong#incrementAndGet()} baseline in the same run and at the same thread
 * count. It complements {@link IdGeneratorBenchmark}, whose JMH sample histogram weighs
 * rare slow calls up.
 * <p>
 * Each subject runs a warm-up, then a measured period in which every call is timed with
 * {@link System#nanoTime()} (whose own cost is part of every figure) into 10 ns buckets.
 * Both subjects change shared state on every call, so the JIT cannot drop the calls.
 * Usage: {@code java -cp benchmarks.jar io.github.idgen.benchmarks.TailLatencyReport
 * [threads=2] [seconds=10]}.
 */
public final class TailLatencyReport {

	private static final int BUCKET_NANOS = 10;

	private static final int BUCKETS = 10_000;

	private TailLatencyReport() {
	}

	/**
	 * Run the report.
	 * @param args the thread count and the measured seconds per subject
	 * @throws InterruptedException if interrupted
	 */
	public static void main(String[] args) throws InterruptedException {
		int threads = (args.length > 0) ? Integer.parseInt(args[0]) : 2;
		Duration measured = Duration.ofSeconds((args.length > 1) ? Long.parseLong(args[1]) : 10);
		Duration warmup = Duration.ofSeconds(5);
		AtomicLong counter = new AtomicLong();
		Latencies baseline = measure(counter::incrementAndGet, threads, warmup, measured);
		SegmentSettings settings = new SegmentSettings(1, 1000, new StepPolicy(1000, 1_000_000, Duration.ofMinutes(15)),
				0.1, Duration.ofSeconds(3));
		try (SegmentIdGenerator generator = new SegmentIdGenerator(
				new SleepingSegmentStore(new InMemorySegmentStore(), Duration.ofMillis(1)), settings, Map.of(),
				"default", UnknownSequencePolicy.CREATE)) {
			Latencies engine = measure(generator.sequence("order")::next, threads, warmup, measured);
			System.out.printf("%-40s %8s %12s %10s %10s %10s%n", "subject", "threads", "calls", "p99.9 us", "p99.99 us",
					"max us");
			print("AtomicLong.incrementAndGet (baseline)", threads, baseline);
			print("Sequence.next, store sleeping 1 ms", threads, engine);
		}
	}

	private static Latencies measure(LongSupplier subject, int threads, Duration warmup, Duration measured)
			throws InterruptedException {
		long measureFrom = System.nanoTime() + warmup.toNanos();
		long measureUntil = measureFrom + measured.toNanos();
		List<Latencies> perThread = new ArrayList<>();
		List<Thread> workers = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			Latencies latencies = new Latencies();
			perThread.add(latencies);
			workers.add(new Thread(() -> latencies.record(subject, measureFrom, measureUntil)));
		}
		workers.forEach(Thread::start);
		for (Thread worker : workers) {
			worker.join();
		}
		Latencies total = new Latencies();
		perThread.forEach(total::add);
		return total;
	}

	private static void print(String subject, int threads, Latencies latencies) {
		System.out.printf("%-40s %8d %12d %10.3f %10.3f %10.3f%n", subject, threads, latencies.calls,
				latencies.percentile(0.999) / 1000.0, latencies.percentile(0.9999) / 1000.0, latencies.max / 1000.0);
	}

	/**
	 * A latency histogram of 10 ns buckets, owned by one thread while it records.
	 */
	private static final class Latencies {

		private final long[] buckets = new long[BUCKETS + 1];

		private long calls;

		private long max;

		void record(LongSupplier subject, long measureFrom, long measureUntil) {
			for (;;) {
				long started = System.nanoTime();
				subject.getAsLong();
				long ended = System.nanoTime();
				if (started >= measureFrom) {
					if (ended >= measureUntil) {
						break;
					}
					long nanos = ended - started;
					this.buckets[(int) Math.min(BUCKETS, nanos / BUCKET_NANOS)]++;
					this.max = Math.max(this.max, nanos);
					this.calls++;
				}
			}
		}

		void add(Latencies other) {
			for (int i = 0; i <= BUCKETS; i++) {
				this.buckets[i] += other.buckets[i];
			}
			this.calls += other.calls;
			this.max = Math.max(this.max, other.max);
		}

		/**
		 * Return the upper bound, in nanoseconds, of the bucket holding the given
		 * percentile; calls beyond the last bucket count as the maximum.
		 */
		long percentile(double fraction) {
			long rank = (long) Math.ceil(fraction * this.calls);
			long seen = 0;
			for (int i = 0; i < BUCKETS; i++) {
				seen += this.buckets[i];
				if (seen >= rank) {
					return (long) (i + 1) * BUCKET_NANOS;
				}
			}
			return this.max;
		}

	}

}
