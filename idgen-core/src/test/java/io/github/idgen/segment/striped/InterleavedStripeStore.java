package io.github.idgen.segment.striped;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A {@link StripeStore} test double over another that lets an {@link Interleaver} switch
 * to another actor before every call, so that the calls of several instances and
 * re-stripings over the same stores interleave as the interleaver's seed decides. A
 * compare-and-set followed by a read of the state and identity is two calls, another
 * actor possibly between them, as another client of the database may be.
 */
final class InterleavedStripeStore implements StripeStore {

	private final StripeStore store;

	private final Interleaver interleaver;

	InterleavedStripeStore(StripeStore store, Interleaver interleaver) {
		this.store = store;
		this.interleaver = interleaver;
	}

	@Override
	public OptionalLong read(String counter) {
		this.interleaver.pause();
		return this.store.read(counter);
	}

	@Override
	public List<OptionalLong> read(List<String> counters) {
		this.interleaver.pause();
		return this.store.read(counters);
	}

	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		this.interleaver.pause();
		return this.store.compareAndSet(counter, expected, value);
	}

	@Override
	public Map<String, Long> readAll() {
		this.interleaver.pause();
		return this.store.readAll();
	}

	@Override
	public void checkAvailable() {
		this.interleaver.pause();
		this.store.checkAvailable();
	}

}
