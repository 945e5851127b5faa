package io.github.idgen.segment.striped;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.idgen.BackendUnavailableException;

/**
 * A {@link StripeStore} test double over a real one that can be cut off, as a store whose
 * network is cut fails, and that runs a hook once after its next successful
 * compare-and-set of a counter, where tests re-stripe between a claim and its check, or
 * after its state record is set to a value, where tests act in the middle of a
 * re-striping.
 */
final class SwitchableStripeStore implements StripeStore {

	private final StripeStore store;

	private volatile boolean cut;

	private final AtomicReference<Runnable> afterNextClaim = new AtomicReference<>();

	private final AtomicReference<StateHook> afterState = new AtomicReference<>();

	private final AtomicReference<Runnable> afterStateRead = new AtomicReference<>();

	SwitchableStripeStore(StripeStore store) {
		this.store = store;
	}

	void cut(boolean cut) {
		this.cut = cut;
	}

	void afterNextClaim(Runnable hook) {
		this.afterNextClaim.set(hook);
	}

	/**
	 * Run a hook once, after the store's state record is next set to the given value.
	 * @param state the state value, such as {@code 2g - 1} when a re-striping to
	 * generation {@code g} closes the store
	 * @param hook what to run
	 */
	void afterState(long state, Runnable hook) {
		this.afterState.set(new StateHook(state, hook));
	}

	/**
	 * Run a hook once, after the next read of the state record and before its value is
	 * returned, so that the caller acts on a value that may be stale by then.
	 */
	void afterNextStateRead(Runnable hook) {
		this.afterStateRead.set(hook);
	}

	@Override
	public OptionalLong read(String counter) {
		failIfCut();
		OptionalLong value = this.store.read(counter);
		if (counter.equals(StripeRecords.PREFIX)) {
			Runnable hook = this.afterStateRead.getAndSet(null);
			if (hook != null) {
				hook.run();
			}
		}
		return value;
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
		if (set && counter.equals(StripeRecords.PREFIX)) {
			StateHook hook = this.afterState.get();
			if (hook != null && hook.state() == value && this.afterState.compareAndSet(hook, null)) {
				hook.hook().run();
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

	private record StateHook(long state, Runnable hook) {

	}

	private void failIfCut() {
		if (this.cut) {
			throw new BackendUnavailableException("connection refused (cut by the test)");
		}
	}

}
