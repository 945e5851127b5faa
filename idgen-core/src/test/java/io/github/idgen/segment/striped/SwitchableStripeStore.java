package io.github.idgen.segment.striped;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.idgen.BackendUnavailableException;

/**
 * A {@link StripeStore} test double over a real one that can be cut off, as a store whose
 * network is cut fails, and that runs a hook once after its next successful
 * compare-and-set of a counter, where tests re-stripe between a claim and its check.
 */
final class SwitchableStripeStore implements StripeStore {

	private final StripeStore store;

	private volatile boolean cut;

	private final AtomicReference<Runnable> afterNextClaim = new AtomicReference<>();

	SwitchableStripeStore(StripeStore store) {
		this.store = store;
	}

	void cut(boolean cut) {
		this.cut = cut;
	}

	void afterNextClaim(Runnable hook) {
		this.afterNextClaim.set(hook);
	}

	@Override
	public OptionalLong read(String counter) {
		failIfCut();
		return this.store.read(counter);
	}

	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		failIfCut();
		boolean set = this.store.compareAndSet(counter, expected, value);
		if (set && !StripeRecords.isRecord(counter)) {
			Runnable hook = this.afterNextClaim.getAndSet(null);
			if (hook != null) {
				hook.run();
			}
		}
		return set;
	}

	@Override
	public Map<String, Long> readAll() {
		failIfCut();
		return this.store.readAll();
	}

	@Override
	public void checkAvailable() {
		failIfCut();
		this.store.checkAvailable();
	}

	private void failIfCut() {
		if (this.cut) {
			throw new BackendUnavailableException("connection refused (cut by the test)");
		}
	}

}
