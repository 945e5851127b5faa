package io.github.idgen.autoconfigure;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceFactory;
import io.github.idgen.SequenceNames;
import io.github.idgen.SequenceObserver;
import io.github.idgen.format.ResetPeriod;
import io.github.idgen.segment.Segment;

/**
 * Creates each sequence with the backend that serves it: the one configured for the
 * sequence ({@code idgen.sequences.<name>.backend}, which a period counter such as
 * {@code order@20261121} takes from {@code order}), or else the default backend. Tells
 * the backend's observer of every sequence it creates.
 */
public class SequenceRouting implements SequenceFactory {

	private final Map<Backend, SequenceBackend> backends;

	private final Backend defaultBackend;

	private final Map<String, Backend> bySequence;

	private final Map<Backend, SequenceObserver> observers;

	/**
	 * Create a routing.
	 * @param backends the backends, each with the sequences it serves; must contain the
	 * default backend and every backend of {@code bySequence}
	 * @param defaultBackend the backend of every sequence without one of its own
	 * @param bySequence the backend of each sequence that has one of its own
	 * @param observers gives each backend its observer
	 */
	public SequenceRouting(Map<Backend, SequenceBackend> backends, Backend defaultBackend,
			Map<String, Backend> bySequence, BackendObservers observers) {
		this.backends = Map.copyOf(backends);
		this.defaultBackend = defaultBackend;
		this.bySequence = Map.copyOf(bySequence);
		this.observers = new EnumMap<>(Backend.class);
		this.backends.keySet()
			.forEach((backend) -> this.observers.put(backend, SequenceObserver.guarded(observers.observer(backend))));
	}

	/**
	 * Return the backend that serves a sequence or period counter.
	 * @param sequence the sequence name
	 * @return its backend
	 */
	public Backend backendOf(String sequence) {
		Backend backend = this.bySequence.get(sequence);
		return (backend != null) ? backend
				: this.bySequence.getOrDefault(ResetPeriod.sequenceOf(sequence), this.defaultBackend);
	}

	/**
	 * Return what the backend of a sequence knows of it beyond the sequence's own info.
	 * @param sequence the sequence or period counter name
	 * @return name-value pairs fit for JSON, such as the mode of a sequence and the state
	 * of its counter's guard
	 * @see SequenceBackend#details(String)
	 */
	public Map<String, Object> details(String sequence) {
		return this.backends.get(backendOf(sequence)).details(sequence);
	}

	/**
	 * Return the highest ID reserved so far for a sequence, as the backend that serves it
	 * {@link SequenceBackend#reservedUpTo tells}.
	 * @param sequence the sequence name
	 * @return the highest ID reserved so far, or one below the sequence's first ID
	 * @throws UnsupportedOperationException if that backend cannot tell
	 */
	public long reservedUpTo(String sequence) {
		return this.backends.get(backendOf(sequence)).reservedUpTo(sequence);
	}

	/**
	 * Reserve a segment of a sequence straight from the store of the backend that serves
	 * it, bypassing the sequence's buffer, as that backend {@link SequenceBackend#reserve
	 * reserves}.
	 * @param sequence the sequence name
	 * @param size the number of IDs wanted, at least 1
	 * @return the segment, {@code size} IDs or fewer
	 * @throws UnsupportedOperationException if the IDs of the sequence do not come in
	 * segments
	 */
	public Segment reserve(String sequence, long size) {
		return this.backends.get(backendOf(sequence)).reserve(sequence, size);
	}

	/**
	 * Return what each backend in use tells of its stores, for the backends that tell
	 * anything.
	 * @return the store details by backend property name, such as {@code jdbc}
	 * @see SequenceBackend#storeDetails()
	 */
	public Map<String, Object> storeDetails() {
		Map<String, Object> details = new TreeMap<>();
		this.backends.forEach((backend, sequences) -> {
			Map<String, Object> stores = sequences.storeDetails();
			if (!stores.isEmpty()) {
				details.put(backend.propertyName(), stores);
			}
		});
		return details;
	}

	/**
	 * Check the name with the backend that would serve it, which may restrict names
	 * beyond {@link io.github.idgen.SequenceNames}, such as characters its store
	 * reserves.
	 */
	@Override
	public String validateName(String name) {
		return this.backends.get(backendOf(SequenceNames.validate(name))).validateName(name);
	}

	@Override
	public Sequence create(String name) {
		Backend backend = backendOf(name);
		Sequence sequence = this.backends.get(backend).create(name);
		this.observers.get(backend).sequenceCreated(sequence);
		return sequence;
	}

}
