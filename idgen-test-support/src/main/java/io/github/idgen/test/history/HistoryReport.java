package io.github.idgen.test.history;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a {@link HistoryChecker} found.
 *
 * @param attempted the calls begun
 * @param acknowledged the calls that returned an ID
 * @param unknown the calls begun and never completed, such as those of a killed process
 * @param failures the failed calls by type
 * @param duplicates the acknowledged IDs that another call also returned
 * @param monotonicityViolations the IDs not greater than the ID before them in the same
 * history file
 * @param largestGap the most IDs missing between two neighbouring acknowledged IDs
 * @param p999LatencyNanos the latency that 99.9 % of the completed calls did not exceed,
 * in nanoseconds
 * @param maxLatencyNanos the slowest completed call, in nanoseconds
 * @param examples up to ten duplicates and monotonicity violations, for the failure
 * message
 */
public record HistoryReport(long attempted, long acknowledged, long unknown, Map<FailureType, Long> failures,
		long duplicates, long monotonicityViolations, long largestGap, long p999LatencyNanos, long maxLatencyNanos,
		List<String> examples) {

	/**
	 * Return the failed calls of one type.
	 * @param type the failure type
	 * @return how many calls failed with it
	 */
	public long failures(FailureType type) {
		return this.failures.getOrDefault(type, 0L);
	}

	/**
	 * Return the latency that 99.9 % of the completed calls did not exceed.
	 * @return the 99.9th percentile of the latency
	 */
	public Duration p999Latency() {
		return Duration.ofNanos(this.p999LatencyNanos);
	}

	/**
	 * Return the slowest call.
	 * @return the latency of the slowest call
	 */
	public Duration maxLatency() {
		return Duration.ofNanos(this.maxLatencyNanos);
	}

	/**
	 * Return one line for the fault suite's summary: scenario, backend and every figure.
	 * @param scenario the scenario's name
	 * @param backend the backend's name
	 * @return the line
	 */
	public String summaryLine(String scenario, String backend) {
		String failed = this.failures.isEmpty() ? "none"
				: this.failures.entrySet()
					.stream()
					.map((entry) -> entry.getKey().exceptionName() + "=" + entry.getValue())
					.collect(Collectors.joining(","));
		return String.format(
				"FAULTS %-12s %-10s attempted=%d acknowledged=%d unknown=%d duplicates=%d "
						+ "monotonicityViolations=%d largestGap=%d failures=%s p99.9Latency=%.2fms maxLatency=%.1fms",
				scenario, backend, this.attempted, this.acknowledged, this.unknown, this.duplicates,
				this.monotonicityViolations, this.largestGap, failed, this.p999LatencyNanos / 1e6,
				this.maxLatencyNanos / 1e6);
	}

}
