package io.github.idgen.segment.striped;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

import io.github.idgen.BackendUnavailableException;

/**
 * A {@link StripeStore} test double for the interleavings a real database cannot be made
 * to play on cue: its counters live in memory (or, through {@link #view()}, in another
 * scripted store, so that several instances reach one store each through a view of its
 * own), and one-shot hooks run before a compare-and-set of a given counter or after a
 * read of one (with the value read), where tests run another instance's work or hold the
 * calling thread. A view can be cut on its own, as one instance's network to the store.
 */
final class ScriptedStripeStore implements StripeStore {

	private final ConcurrentMap<String, Long> counters;

	private final ConcurrentMap<String, Runnable> beforeCompareAndSet = new ConcurrentHashMap<>();

	private final ConcurrentMap<String, LongConsumer> afterRead = new ConcurrentHashMap<>();

	private volatile boolean cut;

	private final AtomicInteger readAllsBeforeFailure = new AtomicInteger(-1);

	private volatile long hangMillis;

	ScriptedStripeStore() {
		this(new ConcurrentHashMap<>());
	}

	private ScriptedStripeStore(ConcurrentMap<String, Long> counters) {
		this.counters = counters;
	}

	/**
	 * Return another client of the same counters, with hooks and a cut switch of its own.
	 */
	ScriptedStripeStore view() {
		return new ScriptedStripeStore(this.counters);
	}

	void cut(boolean cut) {
		this.cut = cut;
	}

	/**
	 * Make every call hang for a while before it is answered, as a database behind a
	 * network that drops packets does until a timeout.
	 */
	void hang(long millis) {
		this.hangMillis = millis;
	}

	/**
	 * Fail one read of every counter, after as many as given have been answered.
	 */
	void failReadAllAfter(int answered) {
		this.readAllsBeforeFailure.set(answered);
	}

	/**
	 * Run a hook once, just before the next compare-and-set of the counter.
	 */
	void beforeCompareAndSet(String counter, Runnable hook) {
		this.beforeCompareAndSet.put(counter, hook);
	}

	/**
	 * Run a hook once, just after the next read of the counter, with the value read (0
	 * for a missing counter), before the value is returned.
	 */
	void afterRead(String counter, LongConsumer hook) {
		this.afterRead.put(counter, hook);
	}

	@Override
	public OptionalLong read(String counter) {
		failIfCut();
		Long value = this.counters.get(counter);
		LongConsumer hook = this.afterRead.remove(counter);
		if (hook != null) {
			hook.accept((value != null) ? value : 0);
		}
		return (value != null) ? OptionalLong.of(value) : OptionalLong.empty();
	}

	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		failIfCut();
		Runnable hook = this.beforeCompareAndSet.remove(counter);
		if (hook != null) {
			hook.run();
		}
		if (expected.isEmpty()) {
			return this.counters.putIfAbsent(counter, value) == null;
		}
		return this.counters.replace(counter, expected.getAsLong(), value);
	}

	@Override
	public Map<String, Long> readAll() {
		failIfCut();
		if (this.readAllsBeforeFailure.getAndUpdate((left) -> (left >= 0) ? left - 1 : left) == 0) {
			throw new BackendUnavailableException("connection reset while reading every counter (scripted)");
		}
		return Map.copyOf(this.counters);
	}

	@Override
	public void checkAvailable() {
		failIfCut();
	}

	private void failIfCut() {
		long hang = this.hangMillis;
		if (hang > 0) {
			try {
				Thread.sleep(hang);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			throw new BackendUnavailableException("timed out after " + hang + " ms (hung by the test)");
		}
		if (this.cut) {
			throw new BackendUnavailableException("connection refused (cut by the test)");
		}
	}

}
