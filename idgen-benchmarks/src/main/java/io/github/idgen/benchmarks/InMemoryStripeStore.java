package io.github.idgen.benchmarks;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.github.idgen.segment.striped.StripeStore;

/**
 * A {@link StripeStore} that keeps its counters in a {@link ConcurrentHashMap}, one
 * stripe of a {@link io.github.idgen.segment.striped.StripedSegmentStore} in a benchmark.
 * Names are not checked.
 */
public final class InMemoryStripeStore implements StripeStore {

	private final ConcurrentMap<String, Long> counters = new ConcurrentHashMap<>();

	@Override
	public OptionalLong read(String counter) {
		Long value = this.counters.get(counter);
		return (value != null) ? OptionalLong.of(value) : OptionalLong.empty();
	}

	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		if (expected.isEmpty()) {
			return this.counters.putIfAbsent(counter, value) == null;
		}
		return this.counters.replace(counter, expected.getAsLong(), value);
	}

	@Override
	public Map<String, Long> readAll() {
		return Map.copyOf(this.counters);
	}

	@Override
	public void checkAvailable() {
	}

}
