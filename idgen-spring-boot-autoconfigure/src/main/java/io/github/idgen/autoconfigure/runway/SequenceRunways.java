package io.github.idgen.autoconfigure.runway;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdLimit;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.runway.Runway;
import io.github.idgen.runway.RunwayForecaster;

/**
 * The runway of every sequence the generator has started: its limit (what the sequence
 * sets itself, tightened to 2^53 - 1 for one configured {@code javascript-safe}, else
 * {@link Long#MAX_VALUE}), its position, the rate at which it advances and when it
 * reaches the limit. Only the sequences callers name have one: the period counters of a
 * formatted sequence, such as {@code order@20261121} (or {@code ticket}, the counter of a
 * {@code ticket} that never resets), are reported by their formatted sequence.
 * <p>
 * Each forecast samples the sequence's rate, so the health checks, metrics scrapes and
 * endpoint reads that ask for it keep the rate current. Thread-safe.
 */
public class SequenceRunways {

	private final DefaultIdGenerator generator;

	private final IdGeneratorProperties properties;

	private final RunwayForecaster forecaster;

	/**
	 * Create the runways.
	 * @param generator the generator whose sequences to forecast
	 * @param properties the configured sequences and the runway settings
	 * @param clock the clock of the forecasts
	 */
	public SequenceRunways(DefaultIdGenerator generator, IdGeneratorProperties properties, Clock clock) {
		this.generator = generator;
		this.properties = properties;
		this.forecaster = new RunwayForecaster(clock);
	}

	/**
	 * Return the runway of every sequence started so far.
	 * @return the runways by sequence name, sorted
	 */
	public Map<String, Runway> all() {
		Map<String, Runway> runways = new TreeMap<>();
		for (Sequence sequence : this.generator.namedSequences()) {
			forecast(sequence).ifPresent((runway) -> runways.put(sequence.name(), runway));
		}
		return runways;
	}

	/**
	 * Return the runway of one sequence.
	 * @param name the sequence name
	 * @return its runway, empty if it has not been used, is a period counter or does not
	 * describe itself
	 */
	public Optional<Runway> of(String name) {
		return this.generator.usedSequence(name).flatMap(this::forecast);
	}

	private Optional<Runway> forecast(Sequence sequence) {
		if (!(sequence instanceof SequenceInfo info)) {
			return Optional.empty();
		}
		IdLimit limit = info.limit().orElse(IdLimit.longRange());
		SequenceProperties configured = this.properties.getSequences().get(sequence.name());
		if (configured != null && configured.isJavascriptSafe()) {
			limit = limit.forJavaScript();
		}
		return Optional.of(this.forecaster.forecast(sequence.name(), limit, info.position()));
	}

	/**
	 * Return whether a runway is short enough to warn of: exhausted, or shorter than
	 * {@code idgen.runway.warn-below}.
	 * @param runway the runway
	 * @return whether to warn
	 */
	public boolean isShort(Runway runway) {
		Duration warnBelow = this.properties.getRunway().getWarnBelow();
		return runway.shorterThan((warnBelow != null) ? warnBelow : Duration.ZERO);
	}

	/**
	 * Describe a runway as name-value pairs fit for JSON: {@code limit},
	 * {@code limitReason}, {@code kind}, and as far as known {@code position},
	 * {@code remaining}, {@code ratePerSecond}, {@code runway} (ISO-8601),
	 * {@code runwaySeconds}, {@code forecast} (ISO-8601), {@code periodEnd} and
	 * {@code projected} (a counter that resets each period), {@code exhausted}, and a
	 * {@code warning} if it {@link #isShort is short}.
	 * @param runway the runway
	 * @return the description
	 */
	public Map<String, Object> describe(Runway runway) {
		IdLimit limit = runway.limit();
		Map<String, Object> described = new LinkedHashMap<>();
		described.put("limit", limit.maxValue());
		described.put("limitReason", limit.reason());
		described.put("kind", limit.kind().name().toLowerCase(Locale.ROOT));
		putIfKnown(described, "position", runway.position());
		putIfKnown(described, "remaining", runway.remaining());
		putIfKnown(described, "ratePerSecond", runway.rate());
		if (runway.runway() != null) {
			described.put("runway", runway.runway().toString());
			described.put("runwaySeconds", runway.runway().getSeconds());
		}
		putIfKnown(described, "forecast", (runway.forecast() != null) ? runway.forecast().toString() : null);
		if (limit.kind() == IdLimit.Kind.PERIOD) {
			described.put("periodEnd", limit.end().toString());
			putIfKnown(described, "projected", runway.projected());
		}
		described.put("exhausted", runway.exhausted());
		if (isShort(runway)) {
			described.put("warning", warning(runway));
		}
		return described;
	}

	/**
	 * Return, in words, why a runway is short.
	 * @param runway a runway that {@link #isShort is short}
	 * @return the warning
	 */
	public String warning(Runway runway) {
		if (runway.exhausted()) {
			return "Reached its limit " + runway.limit().maxValue() + " (" + runway.limit().reason() + ")";
		}
		return "Reaches its limit " + runway.limit().maxValue() + " (" + runway.limit().reason() + ") in "
				+ runway.runway() + ", at " + runway.forecast() + ", less than idgen.runway.warn-below "
				+ this.properties.getRunway().getWarnBelow();
	}

	private static void putIfKnown(Map<String, Object> described, String name, Object value) {
		if (value != null) {
			described.put(name, value);
		}
	}

}
