package io.github.idgen.autoconfigure.metrics;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

import io.micrometer.core.instrument.MeterRegistry;

import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.runway.Runway;

/**
 * Publishes the idgen metrics to a {@link MeterRegistry}: gives each backend an observer
 * that registers the meters of its sequences and records its fetches, waits and clock
 * jumps.
 * <ul>
 * <li>{@code idgen.ids.issued} (function counter; tags {@code sequence},
 * {@code backend}): IDs issued since start.</li>
 * <li>{@code idgen.segment.fetch} (timer; {@code sequence}, {@code backend},
 * {@code outcome} = success or failure): segment reservations.</li>
 * <li>{@code idgen.segment.remaining} (gauge; {@code sequence}, {@code backend}): IDs
 * left in the current segment.</li>
 * <li>{@code idgen.wait} (timer; {@code sequence}, {@code backend}): callers that waited
 * for a segment.</li>
 * <li>{@code idgen.<backend>.clock.backward} (counter; {@code backend}): calls that found
 * the clock behind the last ID, registered at once for a backend that composes its IDs
 * from the clock. Its generator is shared by every sequence of the backend, so this
 * counter has no {@code sequence} tag.</li>
 * <li>{@code idgen.worker.lease} (gauge, seconds; {@code sequence}, {@code backend}): how
 * long the worker ID lease of a {@link io.github.idgen.worker.LeaseFencedSequence} is
 * known valid.</li>
 * <li>{@code idgen.runway} (gauge, seconds; {@code sequence}, {@code backend}): how long
 * until the sequence reaches its limit at its current rate; +Infinity while the limit is
 * not in sight. A formatted sequence's counters report it under the sequence's name.</li>
 * <li>{@code idgen.remaining} (gauge; {@code sequence}, {@code backend}): the values left
 * before the sequence reaches its limit.</li>
 * </ul>
 * The {@code sequence} tag takes at most {@code idgen.metrics.max-sequences} distinct
 * names; later ones are reported as {@code other}, and a period counter such as
 * {@code order@20261121} as its sequence {@code order}. No meter is touched per ID.
 * <p>
 * A sequence whose counts are hidden (an obfuscated one, unless
 * {@code idgen.metrics.obfuscated-counts} is true) has none of the meters that count:
 * {@code idgen.ids.issued}, {@code idgen.segment.remaining}, {@code idgen.runway},
 * {@code idgen.remaining} and the successful {@code idgen.segment.fetch}; it keeps the
 * failed fetches, {@code idgen.wait}, {@code idgen.counter.moved} and
 * {@code idgen.worker.lease}.
 */
public class IdGeneratorMeters implements BackendObservers {

	private final MeterRegistry registry;

	private final SequenceTags sequenceTags;

	private final RunwayGauges runwayGauges;

	private final Predicate<String> countsHidden;

	private final Map<Backend, BackendMeters> backends = new ConcurrentHashMap<>();

	/**
	 * Create the metrics.
	 * @param registry the registry to publish to
	 * @param maxSequences how many distinct sequence names get a {@code sequence} tag of
	 * their own, at least 1
	 */
	public IdGeneratorMeters(MeterRegistry registry, int maxSequences) {
		this(registry, maxSequences, null, (sequence) -> false);
	}

	/**
	 * Create the metrics, with the runway gauges of every sequence that has a
	 * {@code sequence} tag of its own.
	 * @param registry the registry to publish to
	 * @param maxSequences how many distinct sequence names get a {@code sequence} tag of
	 * their own, at least 1
	 * @param runways returns the runway of a sequence by name; {@code null} for no runway
	 * gauges
	 * @param countsHidden whether the meters that count (issued, remaining, successful
	 * fetches, runway) are left out for a sequence or period counter, such as those of an
	 * obfuscated sequence
	 */
	public IdGeneratorMeters(MeterRegistry registry, int maxSequences, Function<String, Optional<Runway>> runways,
			Predicate<String> countsHidden) {
		if (maxSequences < 1) {
			throw new IllegalArgumentException("maxSequences must be at least 1 but was " + maxSequences);
		}
		this.registry = registry;
		this.sequenceTags = new SequenceTags(maxSequences);
		this.runwayGauges = (runways != null) ? new RunwayGauges(registry, runways) : null;
		this.countsHidden = countsHidden;
	}

	@Override
	public SequenceObserver observer(Backend backend) {
		return this.backends.computeIfAbsent(backend, (key) -> new BackendMeters(this.registry, this.sequenceTags,
				this.runwayGauges, this.countsHidden, key));
	}

}
