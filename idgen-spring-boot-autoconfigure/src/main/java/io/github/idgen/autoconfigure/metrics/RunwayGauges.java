package io.github.idgen.autoconfigure.metrics;

import java.util.Optional;
import java.util.function.Function;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

import io.github.idgen.runway.Runway;

/**
 * The runway gauges of one sequence: {@code idgen.runway}, the seconds until it reaches
 * its limit (0 once exhausted, +Infinity while the limit is not in sight, NaN before the
 * sequence has a forecast), and {@code idgen.remaining}, the values left below the limit
 * (NaN before the sequence issued anything). Each read forecasts, and so samples the
 * sequence's rate.
 */
final class RunwayGauges {

	private final MeterRegistry registry;

	private final Function<String, Optional<Runway>> runways;

	/**
	 * Create the gauges' factory.
	 * @param registry the registry to register with
	 * @param runways returns the runway of a sequence by name
	 */
	RunwayGauges(MeterRegistry registry, Function<String, Optional<Runway>> runways) {
		this.registry = registry;
		this.runways = runways;
	}

	/**
	 * Register the gauges of a sequence, unless they are registered already.
	 * @param sequence the sequence name
	 * @param tags the tags of its meters
	 */
	void register(String sequence, Tags tags) {
		Gauge.builder("idgen.runway", () -> seconds(sequence))
			.description("Seconds until the sequence reaches its limit at its current rate")
			.baseUnit("seconds")
			.tags(tags)
			.strongReference(true)
			.register(this.registry);
		Gauge.builder("idgen.remaining", () -> remaining(sequence))
			.description("Values left before the sequence reaches its limit")
			.tags(tags)
			.strongReference(true)
			.register(this.registry);
	}

	private double seconds(String sequence) {
		Optional<Runway> runway = this.runways.apply(sequence);
		if (runway.isEmpty()) {
			return Double.NaN;
		}
		if (runway.get().runway() == null) {
			return Double.POSITIVE_INFINITY;
		}
		return runway.get().runway().getSeconds() + runway.get().runway().getNano() / 1e9;
	}

	private double remaining(String sequence) {
		Optional<Runway> runway = this.runways.apply(sequence);
		return (runway.isPresent() && runway.get().remaining() != null) ? runway.get().remaining() : Double.NaN;
	}

}
