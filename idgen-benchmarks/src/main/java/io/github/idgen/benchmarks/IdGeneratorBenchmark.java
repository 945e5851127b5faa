package io.github.idgen.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceObserver;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.autoconfigure.metrics.IdGeneratorMeters;
import io.github.idgen.segment.InMemorySegmentStore;
import io.github.idgen.segment.SegmentIdGenerator;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.InMemoryWorkerLeaseStore;
import io.github.idgen.snowflake.LeasedWorker;
import io.github.idgen.snowflake.LeasedWorkerSettings;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.snowflake.SnowflakeSequence;
import io.github.idgen.snowflake.StateFileWorker;
import io.github.idgen.worker.WorkerId;

/**
 * Benchmarks of the segment engine next to an {@link AtomicLong#incrementAndGet()}
 * baseline. The benchmarks are declared here once and run at one thread by
 * {@link OneThread} and at two threads by {@link TwoThreads}, so that one run yields
 * every figure next to the baseline at the same thread count.
 * <p>
 * Every generator uses the default segment settings: a step of 1,000 that adapts within
 * {@code [1000, 1000000]} to last 15 minutes, a prefetch at 10% of a segment and a fetch
 * timeout of 3 seconds. A fast consumer therefore doubles the step on every fetch until
 * it reaches 1,000,000; that is the intended adaptive behaviour. Each benchmark gets a
 * new generator, so the step ramps up again during its warm-up.
 * <p>
 * The baseline also runs in {@link Mode#SampleTime}, as the floor for the tail latencies
 * of {@link #sequenceNextSleepingStore}. JMH's sample histogram halves its counts as it
 * fills but never lets a non-empty bucket drop to zero, which weighs rare slow calls up:
 * read the tails against the baseline's of the same run.
 */
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class IdGeneratorBenchmark {

	static final String SEQUENCE = "order";

	static final int BATCH_SIZE = 100;

	/**
	 * The baseline: an increment of an {@link AtomicLong} shared by all threads.
	 * @param counter the shared counter
	 * @return the incremented value
	 */
	@Benchmark
	@BenchmarkMode({ Mode.Throughput, Mode.SampleTime })
	public long baseline(Counter counter) {
		return counter.value.incrementAndGet();
	}

	/**
	 * {@link Sequence#next()} on a handle, over an in-memory store.
	 * @param generator the generator
	 * @return the ID
	 */
	@Benchmark
	public long sequenceNext(InMemoryGenerator generator) {
		return generator.sequence.next();
	}

	/**
	 * {@link Sequence#next()} on a handle, over an in-memory store, with the idgen
	 * metrics published to a {@link SimpleMeterRegistry}, wired as the auto-configuration
	 * wires them; compare with {@link #sequenceNext} of the same run.
	 * @param generator the generator
	 * @return the ID
	 */
	@Benchmark
	public long sequenceNextWithMetrics(MeteredGenerator generator) {
		return generator.sequence.next();
	}

	/**
	 * {@link SegmentIdGenerator#nextId(String)}, which looks the sequence up by name,
	 * over an in-memory store.
	 * @param generator the generator
	 * @return the ID
	 */
	@Benchmark
	public long nextIdByName(InMemoryGenerator generator) {
		return generator.generator.nextId(SEQUENCE);
	}

	/**
	 * {@link SegmentIdGenerator#nextIds(String, int)} for a batch of 100 IDs, over an
	 * in-memory store. Scores are per ID.
	 * @param generator the generator
	 * @return the IDs
	 */
	@Benchmark
	@OperationsPerInvocation(BATCH_SIZE)
	public long[] nextIdsBatch(InMemoryGenerator generator) {
		return generator.generator.nextIds(SEQUENCE, BATCH_SIZE);
	}

	/**
	 * {@link Sequence#next()} on a handle, over a store that sleeps 1 ms per allocation,
	 * sampled per call to show the tail latency across segment switches.
	 * @param generator the generator
	 * @return the ID
	 */
	@Benchmark
	@BenchmarkMode(Mode.SampleTime)
	public long sequenceNextSleepingStore(SleepingGenerator generator) {
		return generator.sequence.next();
	}

	/**
	 * Runs every benchmark on one thread.
	 */
	/**
	 * {@link SnowflakeGenerator#nextId()} with the standard 41/10/12 layout, whose bound
	 * is 4,096,000 IDs per second per worker: read the score against that bound, not
	 * against the baseline.
	 * @param snowflake the generator
	 * @return the ID
	 */
	@Benchmark
	public long snowflakeNext(Snowflake snowflake) {
		return snowflake.generator.nextId();
	}

	/**
	 * {@link SnowflakeSequence#next()}, which counts the IDs it issues, over a generator
	 * that reports clock jumps to the idgen metrics, wired as the auto-configuration
	 * wires them; compare with {@link #snowflakeNext} of the same run.
	 * @param snowflake the sequence
	 * @return the ID
	 */
	@Benchmark
	public long snowflakeNextWithMetrics(MeteredSnowflake snowflake) {
		return snowflake.sequence.next();
	}

	/**
	 * {@link LeasedWorker#nextId()}: the same generator with a leased worker id, checked
	 * on every ID; compare with {@link #snowflakeNext} of the same run.
	 * @param leased the leased worker
	 * @return the ID
	 */
	@Benchmark
	public long leasedSnowflakeNext(LeasedSnowflake leased) {
		return leased.worker.nextId();
	}

	/**
	 * {@link StateFileWorker#nextId()}: the same generator with a static worker id whose
	 * horizon is kept in a state file and checked on every ID; compare with
	 * {@link #snowflakeNext} of the same run.
	 * @param stateFile the worker
	 * @return the ID
	 */
	@Benchmark
	public long stateFileSnowflakeNext(StateFileSnowflake stateFile) {
		return stateFile.worker.nextId();
	}

	@Threads(1)
	public static class OneThread extends IdGeneratorBenchmark {

	}

	/**
	 * Runs every benchmark on two threads.
	 */
	@Threads(2)
	public static class TwoThreads extends IdGeneratorBenchmark {

	}

	/**
	 * The counter of the baseline, shared by all threads of a benchmark.
	 */
	/**
	 * A snowflake generator for worker 1 with the standard layout.
	 */
	@State(Scope.Benchmark)
	public static class Snowflake {

		final SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1));

	}

	/**
	 * A leased worker with the standard layout and a one-minute lease.
	 */
	@State(Scope.Benchmark)
	public static class LeasedSnowflake {

		LeasedWorker worker;

		/**
		 * Lease the worker id.
		 */
		@Setup
		public void lease() {
			this.worker = LeasedWorker.lease(
					new InMemoryWorkerLeaseStore(), new LeasedWorkerSettings(BitLayout.standard(), 0,
							Duration.ofMinutes(1), Duration.ofSeconds(10), Duration.ofMillis(5)),
					SequenceObserver.NONE);
		}

		/**
		 * Release it.
		 */
		@TearDown
		public void release() {
			this.worker.close();
		}

	}

	/**
	 * A worker with a static worker id and the standard layout that keeps its horizon in
	 * a state file in a temporary directory.
	 */
	@State(Scope.Benchmark)
	public static class StateFileSnowflake {

		Path directory;

		StateFileWorker worker;

		/**
		 * Create the state file and the worker.
		 * @throws IOException if the temporary directory cannot be created
		 */
		@Setup
		public void open() throws IOException {
			this.directory = Files.createTempDirectory("idgen-benchmark");
			this.worker = new StateFileWorker(this.directory.resolve("snowflake.state"), BitLayout.standard(),
					WorkerId.of(1), SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT, SequenceObserver.NONE);
		}

		/**
		 * Close the worker and delete its files.
		 * @throws IOException if a file cannot be deleted
		 */
		@TearDown
		public void close() throws IOException {
			this.worker.close();
			try (Stream<Path> files = Files.list(this.directory)) {
				for (Path file : files.toList()) {
					Files.delete(file);
				}
			}
			Files.delete(this.directory);
		}

	}

	@State(Scope.Benchmark)
	public static class Counter {

		final AtomicLong value = new AtomicLong();

	}

	/**
	 * A generator and a handle on its {@value IdGeneratorBenchmark#SEQUENCE} sequence,
	 * shared by all threads of a benchmark.
	 */
	@State(Scope.Benchmark)
	public abstract static class GeneratorState {

		SegmentIdGenerator generator;

		Sequence sequence;

		/**
		 * Create the generator and the handle.
		 */
		@Setup
		public void createGenerator() {
			SegmentSettings settings = defaultSettings();
			this.generator = new SegmentIdGenerator(createStore(), settings, Map.of(SEQUENCE, settings), "default",
					UnknownSequencePolicy.REJECT);
			this.sequence = this.generator.sequence(SEQUENCE);
		}

		/**
		 * Stop the generator's background fetches.
		 */
		@TearDown
		public void closeGenerator() {
			this.generator.close();
		}

		/**
		 * Create the store the generator reserves segments from.
		 * @return the store
		 */
		protected abstract SegmentStore createStore();

	}

	/**
	 * A generator over an {@link InMemorySegmentStore}.
	 */
	public static class InMemoryGenerator extends GeneratorState {

		@Override
		protected SegmentStore createStore() {
			return new InMemorySegmentStore();
		}

	}

	/**
	 * A generator over an {@link InMemorySegmentStore} whose
	 * {@value IdGeneratorBenchmark#SEQUENCE} sequence is created through a
	 * {@link SequenceRouting} and observed by {@link IdGeneratorMeters} over a
	 * {@link SimpleMeterRegistry}.
	 */
	@State(Scope.Benchmark)
	public static class MeteredGenerator {

		SegmentSequences segments;

		Sequence sequence;

		/**
		 * Create the generator, its metrics and the handle.
		 */
		@Setup
		public void createGenerator() {
			IdGeneratorMeters meters = new IdGeneratorMeters(new SimpleMeterRegistry(), 100);
			SegmentSettings settings = defaultSettings();
			this.segments = new SegmentSequences(new InMemorySegmentStore(), settings, Map.of(SEQUENCE, settings),
					meters.observer(Backend.JDBC));
			this.sequence = new DefaultIdGenerator(routing(Backend.JDBC, this.segments, meters), Set.of(SEQUENCE),
					"default", UnknownSequencePolicy.REJECT)
				.sequence(SEQUENCE);
		}

		/**
		 * Stop the background fetches.
		 */
		@TearDown
		public void closeGenerator() {
			this.segments.close();
		}

	}

	/**
	 * A snowflake sequence for worker 1 with the standard layout, created through a
	 * {@link SequenceRouting} and observed by {@link IdGeneratorMeters} over a
	 * {@link SimpleMeterRegistry}.
	 */
	@State(Scope.Benchmark)
	public static class MeteredSnowflake {

		final Sequence sequence;

		/**
		 * Create the generator, its metrics and the sequence.
		 */
		public MeteredSnowflake() {
			IdGeneratorMeters meters = new IdGeneratorMeters(new SimpleMeterRegistry(), 100);
			SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(1),
					Clock.systemUTC(), SnowflakeGenerator.DEFAULT_MAX_BACKWARD_WAIT,
					meters.observer(Backend.SNOWFLAKE));
			SequenceBackend sequences = new SequenceBackend() {

				@Override
				public Sequence create(String name) {
					return new SnowflakeSequence(name, generator);
				}

				@Override
				public void checkAvailable() {
				}

			};
			this.sequence = routing(Backend.SNOWFLAKE, sequences, meters).create(SEQUENCE);
		}

	}

	/**
	 * Return the default segment settings: a step of 1,000 adapting within
	 * {@code [1000, 1000000]} to 15-minute segments, prefetch at 10%, fetch timeout 3 s.
	 * @return the settings
	 */
	static SegmentSettings defaultSettings() {
		StepPolicy stepPolicy = new StepPolicy(1000, 1_000_000, Duration.ofMinutes(15));
		return new SegmentSettings(1, 1000, stepPolicy, 0.1, Duration.ofSeconds(3));
	}

	/**
	 * Return a routing that serves every sequence from one backend, observed by the given
	 * metrics.
	 */
	static SequenceRouting routing(Backend backend, SequenceBackend sequences, IdGeneratorMeters meters) {
		return new SequenceRouting(Map.of(backend, sequences), backend, Map.of(), meters);
	}

	/**
	 * A generator over a {@link SleepingSegmentStore} that sleeps 1 ms per allocation.
	 */
	public static class SleepingGenerator extends GeneratorState {

		@Override
		protected SegmentStore createStore() {
			return new SleepingSegmentStore(new InMemorySegmentStore(), Duration.ofMillis(1));
		}

	}

}
