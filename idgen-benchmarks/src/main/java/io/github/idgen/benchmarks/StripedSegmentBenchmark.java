package io.github.idgen.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;

import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.striped.StripeMember;
import io.github.idgen.segment.striped.StripedSegmentStore;

/**
 * The hot path of striped segments against the plain one: {@link SegmentBuffer#next()}
 * over segments of stride 3, as a store that is one of three stripes hands out, next to
 * the same buffer over contiguous segments (stride 1) in the same run and at the same
 * thread count. The benchmarks are declared here once and run at one thread by
 * {@link OneThread} and at two threads by {@link TwoThreads}.
 * <p>
 * {@link #plain} and {@link #striped} run over the same in-memory
 * {@link StridedSegmentStore}, with stride 1 and 3, so the stride is the only difference;
 * {@link #stripedStore} runs over a real {@link StripedSegmentStore} of three
 * {@link InMemoryStripeStore}s, which rotates its fetches over them. Every buffer uses
 * the default segment settings, as {@link IdGeneratorBenchmark} does: a step of 1,000
 * that doubles on every fetch up to 1,000,000.
 * <p>
 * {@link #main} runs them in one JMH run and prints each score with its ratio to
 * {@link #plain} at the same thread count (see {@link BenchmarkReport}). Five forks of
 * 1-second iterations by default: on a 2-vCPU machine the score of one fork at two
 * threads varies by a third from fork to fork, for the plain path as much as for the
 * striped one, so one fork per benchmark says little about their ratio.
 */
@Fork(5)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class StripedSegmentBenchmark {

	static final String PLAIN = "plain";

	static final int STRIPES = 3;

	/**
	 * Run every benchmark of this class in one JMH run and print the report, with ratios
	 * to {@link #plain}.
	 * @param args JMH command-line options, as {@link BenchmarkReport} takes them
	 * @throws CommandLineOptionException if the options cannot be parsed
	 * @throws RunnerException if JMH fails to run the benchmarks
	 */
	public static void main(String[] args) throws CommandLineOptionException, RunnerException {
		BenchmarkReport.run(args, StripedSegmentBenchmark.class, PLAIN);
	}

	/**
	 * {@link SegmentBuffer#next()} over contiguous segments (stride 1): the plain path.
	 * @param buffer the buffer
	 * @return the ID
	 */
	@Benchmark
	public long plain(Plain buffer) {
		return buffer.sequence.next();
	}

	/**
	 * {@link SegmentBuffer#next()} over segments of stride 3: the striped hot path.
	 * @param buffer the buffer
	 * @return the ID
	 */
	@Benchmark
	public long striped(Striped buffer) {
		return buffer.sequence.next();
	}

	/**
	 * {@link SegmentBuffer#next()} over a {@link StripedSegmentStore} of three in-memory
	 * stores.
	 * @param buffer the buffer
	 * @return the ID
	 */
	@Benchmark
	public long stripedStore(OverStripedStore buffer) {
		return buffer.sequence.next();
	}

	/**
	 * Runs every benchmark on one thread.
	 */
	@Threads(1)
	public static class OneThread extends StripedSegmentBenchmark {

	}

	/**
	 * Runs every benchmark on two threads.
	 */
	@Threads(2)
	public static class TwoThreads extends StripedSegmentBenchmark {

	}

	/**
	 * A buffer over a {@link StridedSegmentStore} of stride 1.
	 */
	public static class Plain extends SegmentBufferState {

		@Override
		protected SegmentStore createStore() {
			return new StridedSegmentStore(1);
		}

	}

	/**
	 * A buffer over a {@link StridedSegmentStore} of stride
	 * {@value StripedSegmentBenchmark#STRIPES}.
	 */
	public static class Striped extends SegmentBufferState {

		@Override
		protected SegmentStore createStore() {
			return new StridedSegmentStore(STRIPES);
		}

	}

	/**
	 * A buffer over a {@link StripedSegmentStore} of
	 * {@value StripedSegmentBenchmark#STRIPES} {@link InMemoryStripeStore}s, established
	 * (generation 1) before the first fetch.
	 */
	public static class OverStripedStore extends SegmentBufferState {

		private StripedSegmentStore store;

		@Override
		protected SegmentStore createStore() {
			List<StripeMember> members = new ArrayList<>();
			for (int index = 0; index < STRIPES; index++) {
				members.add(new StripeMember("stripe-" + index, new InMemoryStripeStore()));
			}
			this.store = new StripedSegmentStore(members, List.of(), 1);
			this.store.establish();
			return this.store;
		}

		@Override
		protected void closeStore() {
			this.store.close();
		}

	}

}
