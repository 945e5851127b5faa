package io.github.idgen.autoconfigure.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.MeterRegistry;

import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;

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
 * </ul>
 * The {@code sequence} tag takes at most {@code idgen.metrics.max-sequences} distinct
 * names; later ones are reported as {@code other}, and a period counter such as
 * {@code order@20261121} as its sequence {@code order}. No meter is touched per ID.
 */
public class IdGeneratorMeters implements BackendObservers {

	private final MeterRegistry registry;

	private final SequenceTags sequenceTags;

	private final Map<Backend, BackendMeters> backends = new ConcurrentHashMap<>();

	/**
	 * Create the metrics.
	 * @param registry the registry to publish to
	 * @param maxSequences how many distinct sequence names get a {@code sequence} tag of
	 * their own, at least 1
	 */
	public IdGeneratorMeters(MeterRegistry registry, int maxSequences) {
		if (maxSequences < 1) {
			throw new IllegalArgumentException("maxSequences must be at least 1 but was " + maxSequences);
		}
		this.registry = registry;
		this.sequenceTags = new SequenceTags(maxSequences);
	}

	@Override
	public SequenceObserver observer(Backend backend) {
		return this.backends.computeIfAbsent(backend,
				(key) -> new BackendMeters(this.registry, this.sequenceTags, key));
	}

}
