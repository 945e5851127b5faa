package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

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
import org.springframework.web.client.RestClient;

import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.remote.RemoteSegmentStore;
import io.github.idgen.remote.RemoteServer;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.SegmentServerDouble;
import io.github.idgen.test.TestBackends;

/**
 * The hot path of the remote backend against the JDBC one: {@link SegmentBuffer#next()}
 * over segments reserved from an ID server over HTTP, next to the same buffer over
 * segments reserved from a JDBC store in the same run and at the same thread count. Both
 * stores are H2 in memory; the server is a {@link SegmentServerDouble} on the loopback
 * address that reserves from its own H2 store as an ID server does. Every buffer uses the
 * default segment settings, as {@link IdGeneratorBenchmark} does: a step of 1,000 that
 * doubles on every fetch up to 1,000,000, so both paths fetch rarely and the difference
 * is what one fetch costs.
 * <p>
 * {@link #main} runs them in one JMH run and prints each score with its ratio to
 * {@link #jdbc} at the same thread count (see {@link BenchmarkReport}).
 */
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class RemoteSegmentBenchmark {

	static final String JDBC = "jdbc";

	/**
	 * Run every benchmark of this class in one JMH run and print the report, with ratios
	 * to {@link #jdbc}.
	 * @param args JMH command-line options, as {@link BenchmarkReport} takes them
	 * @throws CommandLineOptionException if the options cannot be parsed
	 * @throws RunnerException if JMH fails to run the benchmarks
	 */
	public static void main(String[] args) throws CommandLineOptionException, RunnerException {
		BenchmarkReport.run(args, RemoteSegmentBenchmark.class, JDBC);
	}

	/**
	 * {@link SegmentBuffer#next()} over segments of a JDBC store.
	 * @param buffer the buffer
	 * @return the ID
	 */
	@Benchmark
	public long jdbc(OverJdbc buffer) {
		return buffer.sequence.next();
	}

	/**
	 * {@link SegmentBuffer#next()} over segments of an ID server.
	 * @param buffer the buffer
	 * @return the ID
	 */
	@Benchmark
	public long remote(OverRemote buffer) {
		return buffer.sequence.next();
	}

	/**
	 * Runs every benchmark on one thread.
	 */
	@Threads(1)
	public static class OneThread extends RemoteSegmentBenchmark {

	}

	/**
	 * Runs every benchmark on 8 threads.
	 */
	@Threads(8)
	public static class EightThreads extends RemoteSegmentBenchmark {

	}

	/**
	 * Runs every benchmark on 64 threads.
	 */
	@Threads(64)
	public static class SixtyFourThreads extends RemoteSegmentBenchmark {

	}

	/**
	 * A buffer over a JDBC store on H2.
	 */
	public static class OverJdbc extends SegmentBufferState {

		@Override
		protected SegmentStore createStore() {
			return h2Store();
		}

	}

	/**
	 * A buffer over a {@link RemoteSegmentStore} of one server that reserves from H2.
	 */
	public static class OverRemote extends SegmentBufferState {

		private SegmentServerDouble server;

		@Override
		protected SegmentStore createStore() {
			this.server = new SegmentServerDouble(h2Store(),
					Map.of(IdGeneratorBenchmark.SEQUENCE, SequenceBounds.startingAt(1)));
			RemoteServer server = RemoteServer.create(this.server.url(), Duration.ofSeconds(2), null,
					RestClient.builder());
			return new RemoteSegmentStore(List.of(server), "benchmark-token", Duration.ofSeconds(1),
					Duration.ofSeconds(5));
		}

		@Override
		protected void closeStore() {
			this.server.close();
		}

	}

	/**
	 * Return a JDBC store on a new H2 database in memory.
	 */
	static JdbcSegmentStore h2Store() {
		DataSource dataSource = TestBackends.h2();
		new JdbcSegmentSchema(dataSource, "idgen_segment").createIfMissing();
		return new JdbcSegmentStore(dataSource, "idgen_segment");
	}

}
