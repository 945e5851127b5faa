package io.github.idgen.segment.striped;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.idgen.BackendUnavailableException;

/**
 * A {@link StripeStore} test double over a real one that can be cut off, as a store whose
 * network is cut fails, made to hang, as one behind a network that drops packets, or
 * pointed at another real store, as a DNS name pointed at another database. It runs a
 * hook once after its next successful compare-and-set of a counter, where tests re-stripe
 * between a claim and its check, and once before or after its state record is set to a
 * value, where tests act in the middle of a re-striping. It counts the calls that the
 * background checks of a striped store make at once, and can fail every read past a
 * limit, so that a test of a loop over the store ends.
 */
final class SwitchableStripeStore implements StripeStore {

	private static final String CHECK_THREADS = "idgen-stripe-check";

	private volatile StripeStore store;

	private volatile boolean cut;

	private volatile long hangMillis;

	private volatile long readLimit = Long.MAX_VALUE;

	private final AtomicLong reads = new AtomicLong();

	private final AtomicInteger checksNow = new AtomicInteger();

	private final AtomicInteger mostChecksAtOnce = new AtomicInteger();

	private final AtomicInteger checks = new AtomicInteger();

	private final AtomicReference<Runnable> afterNextClaim = new AtomicReference<>();

	private final AtomicReference<StateHook> beforeState = new AtomicReference<>();

	private final AtomicReference<StateHook> afterState = new AtomicReference<>();

	private final AtomicReference<Runnable> afterStateRead = new AtomicReference<>();

	SwitchableStripeStore(StripeStore store) {
		this.store = store;
	}

	void cut(boolean cut) {
		this.cut = cut;
	}

	/**
	 * Make every call wait for a while and then fail, as a call to a database behind a
	 * network that drops packets does until its timeout; 0 ends it.
	 */
	void hang(long millis) {
		this.hangMillis = millis;
	}

	/**
	 * Send every call from now on to another store, as a DNS name pointed at another
	 * database does.
	 */
	void pointAt(StripeStore other) {
		this.store = other;
	}

	/**
	 * Fail every read past the given number with an {@link AssertionError}, which no
	 * store failure is taken for.
	 */
	void limitReads(long limit) {
		this.readLimit = limit;
	}

	long reads() {
		return this.reads.get();
	}

	/**
	 * Return the most calls that threads of the background checks made at once.
	 */
	int mostChecksAtOnce() {
		return this.mostChecksAtOnce.get();
	}

	/**
	 * Return the number of calls that threads of the background checks made.
	 */
	int checks() {
		return this.checks.get();
	}

	void afterNextClaim(Runnable hook) {
		this.afterNextClaim.set(hook);
	}

	/**
	 * Run a hook once, just before a compare-and-set that would set the store's state
	 * record to the given value.
	 * @param state the state value, such as {@code 2g} when a re-striping to generation
	 * {@code g} opens the store
	 * @param hook what to run
	 */
	void beforeState(long state, Runnable hook) {
		this.beforeState.set(new StateHook(state, hook));
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
		return read(List.of(counter)).get(0);
	}

	/**
	 * Read the counters with one call of the store under it, as it would be read: one
	 * round trip where that store can.
	 */
	@Override
	public List<OptionalLong> read(List<String> counters) {
		call();
		try {
			if (this.reads.addAndGet(counters.size()) > this.readLimit) {
				throw new AssertionError("read more than " + this.readLimit + " counters");
			}
			List<OptionalLong> values = (counters.size() == 1) ? List.of(this.store.read(counters.get(0)))
					: this.store.read(counters);
			if (counters.contains(StripeRecords.PREFIX)) {
				Runnable hook = this.afterStateRead.getAndSet(null);
				if (hook != null) {
					hook.run();
				}
			}
			return values;
		}
		finally {
			done();
		}
	}

	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		call();
		try {
			if (counter.equals(StripeRecords.PREFIX)) {
				runOnce(this.beforeState, value);
			}
			boolean set = this.store.compareAndSet(counter, expected, value);
			if (set && !StripeRecords.isRecord(counter)) {
				Runnable hook = this.afterNextClaim.getAndSet(null);
				if (hook != null) {
					hook.run();
				}
			}
			if (set && counter.equals(StripeRecords.PREFIX)) {
				runOnce(this.afterState, value);
			}
			return set;
		}
		finally {
			done();
		}
	}

	private static void runOnce(AtomicReference<StateHook> hooks, long value) {
		StateHook hook = hooks.get();
		if (hook != null && hook.state() == value && hooks.compareAndSet(hook, null)) {
			hook.hook().run();
		}
	}

	@Override
	public Map<String, Long> readAll() {
		call();
		try {
			return this.store.readAll();
		}
		finally {
			done();
		}
	}

	@Override
	public void checkAvailable() {
		call();
		try {
			this.store.checkAvailable();
		}
		finally {
			done();
		}
	}

	private record StateHook(long state, Runnable hook) {

	}

	private void call() {
		if (Thread.currentThread().getName().startsWith(CHECK_THREADS)) {
			this.checks.incrementAndGet();
			this.mostChecksAtOnce.accumulateAndGet(this.checksNow.incrementAndGet(), Math::max);
		}
		long hang = this.hangMillis;
		if (hang > 0) {
			try {
				Thread.sleep(hang);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			done();
			throw new BackendUnavailableException("timed out after " + hang + " ms (hung by the test)");
		}
		if (this.cut) {
			done();
			throw new BackendUnavailableException("connection refused (cut by the test)");
		}
	}

	private void done() {
		if (Thread.currentThread().getName().startsWith(CHECK_THREADS)) {
			this.checksNow.decrementAndGet();
		}
	}

}
