package io.github.idgen.autoconfigure.metrics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.format.ResetPeriod;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.worker.LeaseFencedSequence;

/**
 * The meters of one backend, tagged {@code backend}: registers the meters of each
 * sequence when it is created and records the fetches, waits, clock jumps and counters
 * moved forward that the backend reports.
 * <p>
 * A sequence whose counts are hidden gets no meters that count: none is registered when
 * it is created, and its successful fetches are not timed.
 * <p>
 * {@link #groups} maps each {@code sequence} tag to the sequences behind it; a group is
 * created, and its meters registered, by the first thread that creates a sequence of that
 * tag.
 */
final class BackendMeters implements SequenceObserver {

	private final MeterRegistry registry;

	private final SequenceTags sequenceTags;

	private final Tags backendTags;

	private final String clockBackwardName;

	private final RunwayGauges runwayGauges;

	private final Predicate<String> countsHidden;

	private final Map<String, SequenceGroup> groups = new ConcurrentHashMap<>();

	BackendMeters(MeterRegistry registry, SequenceTags sequenceTags, RunwayGauges runwayGauges,
			Predicate<String> countsHidden, Backend backend) {
		this.registry = registry;
		this.countsHidden = countsHidden;
		this.sequenceTags = sequenceTags;
		this.runwayGauges = runwayGauges;
		this.backendTags = Tags.of("backend", backend.propertyName());
		this.clockBackwardName = "idgen." + backend.propertyName() + ".clock.backward";
		if (backend.composesIdsFromClock()) {
			clockBackward();
		}
	}

	@Override
	public void sequenceCreated(Sequence sequence) {
		if (this.countsHidden.test(sequence.name())) {
			return;
		}
		String tag = this.sequenceTags.tagOf(sequence.name());
		SequenceGroup group = this.groups.computeIfAbsent(tag, (key) -> register(tags(key)));
		group.add(sequence);
		if (sequence instanceof SegmentBuffer) {
			Gauge.builder("idgen.segment.remaining", group, SequenceGroup::remaining)
				.description("IDs left in the current segment")
				.tags(tags(tag))
				.register(this.registry);
		}
		String runwaySequence = ResetPeriod.sequenceOf(sequence.name());
		if (this.runwayGauges != null && tag.equals(runwaySequence)) {
			this.runwayGauges.register(runwaySequence, tags(tag));
		}
		if (sequence instanceof LeaseFencedSequence fenced && fenced.leaseValidFor().isPresent()) {
			Gauge.builder("idgen.worker.lease", group, SequenceGroup::leaseSeconds)
				.description("Seconds for which the worker ID lease is known valid")
				.baseUnit("seconds")
				.tags(tags(tag))
				.register(this.registry);
		}
	}

	private SequenceGroup register(Tags tags) {
		SequenceGroup group = new SequenceGroup();
		FunctionCounter.builder("idgen.ids.issued", group, SequenceGroup::issued)
			.description("IDs issued since the application started")
			.tags(tags)
			.register(this.registry);
		return group;
	}

	@Override
	public void segmentFetched(String sequence, long size, Duration duration) {
		if (!this.countsHidden.test(sequence)) {
			fetchTimer(sequence, "success").record(duration);
		}
	}

	@Override
	public void fetchFailed(String sequence, Duration duration, RuntimeException failure) {
		fetchTimer(sequence, "failure").record(duration);
	}

	@Override
	public void waited(String sequence, Duration waited) {
		Timer.builder("idgen.wait")
			.description("Time callers waited for a segment because none was left")
			.tags(tags(this.sequenceTags.tagOf(sequence)))
			.register(this.registry)
			.record(waited);
	}

	@Override
	public void clockMovedBackward(Duration amount) {
		clockBackward().increment();
	}

	@Override
	public void counterMovedForward(String sequence, long from, long to) {
		Counter.builder("idgen.counter.moved")
			.description(
					"Counters moved forward because they could not be trusted, such as after a failover to a replica that was behind")
			.tags(tags(this.sequenceTags.tagOf(sequence)))
			.register(this.registry)
			.increment();
	}

	/**
	 * Return the clock-backward counter, {@code idgen.<backend>.clock.backward},
	 * registering it on first use. A backend that composes its IDs from the clock
	 * registers it at once, so that it reads 0 rather than missing until the first
	 * rollback and an alert on its increase works from the start.
	 */
	private Counter clockBackward() {
		return Counter.builder(this.clockBackwardName)
			.description("Calls that found the clock behind the millisecond of the last ID")
			.tags(this.backendTags)
			.register(this.registry);
	}

	private Timer fetchTimer(String sequence, String outcome) {
		return Timer.builder("idgen.segment.fetch")
			.description("Segment reservations from the store")
			.tags(tags(this.sequenceTags.tagOf(sequence)).and("outcome", outcome))
			.register(this.registry);
	}

	private Tags tags(String sequenceTag) {
		return this.backendTags.and("sequence", sequenceTag);
	}

}
