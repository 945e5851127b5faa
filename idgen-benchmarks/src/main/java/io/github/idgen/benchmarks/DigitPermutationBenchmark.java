package io.github.idgen.benchmarks;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;

import io.github.idgen.format.DigitPermutation;
import io.github.idgen.format.IdFormat;

/**
 * The cost of obfuscated business numbers: {@link IdFormat#format} of
 * {@code ORD{yyyyMMdd}{seq:8}} with the counter permuted by a {@link DigitPermutation}
 * (FF1, ten AES calls per number), next to the same format of the plain counter in the
 * same run and at the same thread count. The benchmarks are declared here once and run at
 * one thread by {@link OneThread} and at two threads by {@link TwoThreads}; the threads
 * share one format and one permutation, as the sequences of an application do, and each
 * counts its own values.
 * <p>
 * {@link #main} runs them in one JMH run and prints each score with its ratio to
 * {@link #format} at the same thread count (see {@link BenchmarkReport}).
 */
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class DigitPermutationBenchmark {

	static final String FORMAT = "format";

	static final String PATTERN = "ORD{yyyyMMdd}{seq:8}";

	static final int WIDTH = 8;

	/**
	 * The AES-128 key of NIST's FF1 samples; any key costs the same.
	 */
	static final String KEY = "2B7E151628AED2A6ABF7158809CF4F3C";

	/**
	 * Run every benchmark of this class in one JMH run and print the report, with ratios
	 * to {@link #format}.
	 * @param args JMH command-line options, as {@link BenchmarkReport} takes them
	 * @throws CommandLineOptionException if the options cannot be parsed
	 * @throws RunnerException if JMH fails to run the benchmarks
	 */
	public static void main(String[] args) throws CommandLineOptionException, RunnerException {
		BenchmarkReport.run(args, DigitPermutationBenchmark.class, FORMAT);
	}

	/**
	 * {@link IdFormat#format} of the next counter value: the reference.
	 * @param format the shared format and permutation
	 * @param counter this thread's counter
	 * @return the business number
	 */
	@Benchmark
	public String format(Formats format, Counter counter) {
		return format.format.format(IdGeneratorBenchmark.SEQUENCE, counter.next(), format.time);
	}

	/**
	 * {@link IdFormat#format} of the next counter value permuted by
	 * {@link DigitPermutation#permute(long)}.
	 * @param format the shared format and permutation
	 * @param counter this thread's counter
	 * @return the business number
	 */
	@Benchmark
	public String permuteAndFormat(Formats format, Counter counter) {
		long permuted = format.permutation.permute(counter.next());
		return format.format.format(IdGeneratorBenchmark.SEQUENCE, permuted, format.time);
	}

	/**
	 * Runs every benchmark on one thread.
	 */
	@Threads(1)
	public static class OneThread extends DigitPermutationBenchmark {

	}

	/**
	 * Runs every benchmark on two threads.
	 */
	@Threads(2)
	public static class TwoThreads extends DigitPermutationBenchmark {

	}

	/**
	 * The format {@value DigitPermutationBenchmark#PATTERN}, the permutation of its
	 * {@value DigitPermutationBenchmark#WIDTH} digits under an AES-128 key with the
	 * sequence name as tweak, and the time written, shared by all threads.
	 */
	@State(Scope.Benchmark)
	public static class Formats {

		final IdFormat format = IdFormat.parse(PATTERN);

		final DigitPermutation permutation = DigitPermutation.of(HexFormat.of().parseHex(KEY),
				IdGeneratorBenchmark.SEQUENCE.getBytes(StandardCharsets.UTF_8), WIDTH);

		final ZonedDateTime time = ZonedDateTime.of(2026, 11, 21, 12, 0, 0, 0, ZoneOffset.UTC);

	}

	/**
	 * A counter of one thread, from 1 up through the
	 * {@value DigitPermutationBenchmark#WIDTH}-digit values and round again.
	 */
	@State(Scope.Thread)
	public static class Counter {

		private long value;

		long next() {
			this.value = (this.value % 99_999_999) + 1;
			return this.value;
		}

	}

}
