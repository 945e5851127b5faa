package io.github.idgen.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs the {@link IdGeneratorBenchmark} benchmarks in one JMH run and prints a table of
 * every score with its ratio to the {@code baseline} at the same thread count and mode,
 * the cost of one operation on one thread, and the tail latencies of the sampled
 * benchmarks in microseconds.
 * <p>
 * Forks, iterations and times default to the annotations of {@link IdGeneratorBenchmark}
 * and accept the usual JMH command-line options, for example
 * {@code -f 1 -wi 1 -w 1s -i 1 -r 1s} for a quick smoke run. Without {@code include}
 * patterns every benchmark of {@link IdGeneratorBenchmark} runs.
 * <p>
 * {@link StripedSegmentBenchmark#main} prints the same report for its benchmarks, with
 * ratios to its {@code plain} benchmark instead of the {@code baseline}.
 */
public final class BenchmarkReport {

	private static final String BASELINE = "baseline";

	private BenchmarkReport() {
	}

	/**
	 * Run the benchmarks and print the report to standard output.
	 * @param args JMH command-line options
	 * @throws CommandLineOptionException if the options cannot be parsed
	 * @throws RunnerException if JMH fails to run the benchmarks
	 */
	public static void main(String[] args) throws CommandLineOptionException, RunnerException {
		run(args, IdGeneratorBenchmark.class, BASELINE);
	}

	/**
	 * Run the benchmarks of a class, or those the {@code include} patterns of the options
	 * select, and print the report to standard output with ratios to a reference
	 * benchmark.
	 * @param args JMH command-line options
	 * @param benchmarks the class whose benchmarks run when no pattern is given
	 * @param reference the name of the benchmark the others are divided by, at the same
	 * thread count and mode
	 * @throws CommandLineOptionException if the options cannot be parsed
	 * @throws RunnerException if JMH fails to run the benchmarks
	 */
	static void run(String[] args, Class<?> benchmarks, String reference)
			throws CommandLineOptionException, RunnerException {
		CommandLineOptions commandLine = new CommandLineOptions(args);
		ChainedOptionsBuilder options = new OptionsBuilder().parent(commandLine);
		if (commandLine.getIncludes().isEmpty()) {
			options.include(benchmarks.getName() + "\\.");
		}
		Collection<RunResult> results = new Runner(options.build()).run();
		print(results, System.out, reference);
	}

	/**
	 * Print the report of the given results with ratios to a reference benchmark.
	 * @param results the results of a JMH run
	 * @param out where to print
	 * @param reference the name of the benchmark the others are divided by, at the same
	 * thread count and mode
	 */
	static void print(Collection<RunResult> results, PrintStream out, String reference) {
		List<RunResult> sorted = new ArrayList<>(results);
		sorted.sort(Comparator.comparingInt((RunResult result) -> result.getParams().getThreads())
			.thenComparing((result) -> result.getParams().getMode())
			.thenComparing((result) -> !reference.equals(name(result))));
		out.println();
		out.printf(Locale.ROOT, "%-26s %7s %18s %10s %13s %11s %10s %10s %10s%n", "Benchmark", "Threads", "Score",
				"Unit", "ns/op/thread", "x " + reference, "p99.9 us", "p99.99 us", "max us");
		for (RunResult result : sorted) {
			out.println(row(result, reference(results, result.getParams(), reference)));
		}
	}

	private static String row(RunResult result, RunResult baseline) {
		BenchmarkParams params = result.getParams();
		Result<?> primary = result.getPrimaryResult();
		double nanosPerUnit = params.getTimeUnit().toNanos(1);
		String score = Double.isNaN(primary.getScoreError()) ? String.format(Locale.ROOT, "%.3f", primary.getScore())
				: String.format(Locale.ROOT, "%.3f ± %.3f", primary.getScore(), primary.getScoreError());
		String costPerThread = "";
		String ratio = "";
		String tail = "";
		if (params.getMode() == Mode.Throughput) {
			costPerThread = String.format(Locale.ROOT, "%.2f", params.getThreads() * nanosPerUnit / primary.getScore());
			if (baseline != null) {
				ratio = String.format(Locale.ROOT, "%.2f", primary.getScore() / baseline.getPrimaryResult().getScore());
			}
		}
		else if (params.getMode() == Mode.SampleTime) {
			Statistics statistics = primary.getStatistics();
			double micros = nanosPerUnit / 1000;
			tail = String.format(Locale.ROOT, "%10.3f %10.3f %10.3f", statistics.getPercentile(99.9) * micros,
					statistics.getPercentile(99.99) * micros, statistics.getMax() * micros);
		}
		return String
			.format(Locale.ROOT, "%-26s %7d %18s %10s %13s %11s %s", name(result), params.getThreads(), score,
					primary.getScoreUnit(), costPerThread, ratio, tail)
			.stripTrailing();
	}

	private static RunResult reference(Collection<RunResult> results, BenchmarkParams params, String reference) {
		for (RunResult candidate : results) {
			BenchmarkParams candidateParams = candidate.getParams();
			if (reference.equals(name(candidate)) && candidateParams.getThreads() == params.getThreads()
					&& candidateParams.getMode() == params.getMode()) {
				return candidate;
			}
		}
		return null;
	}

	private static String name(RunResult result) {
		String benchmark = result.getParams().getBenchmark();
		return benchmark.substring(benchmark.lastIndexOf('.') + 1);
	}

}
