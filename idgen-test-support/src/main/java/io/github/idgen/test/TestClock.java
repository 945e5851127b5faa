package io.github.idgen.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link Clock} for tests that reads a settable instant, can move forward by a fixed
 * step on every read and can run an action on the next read
 * ({@link #onNextRead(Runnable)}). {@link #instant()} is a read as {@link #millis()} is.
 * Its zone is UTC and cannot be changed: code under test is given its zone separately.
 * Safe for concurrent readers: the reading, the read count and the taking of the action
 * are atomic, the step volatile.
 */
public final class TestClock extends Clock {

	private final AtomicReference<Instant> instant;

	private final AtomicLong reads = new AtomicLong();

	private final AtomicReference<Runnable> onNextRead = new AtomicReference<>();

	private volatile long stepPerRead;

	/**
	 * Create a clock that reads {@code start} until it is set, advanced or stepped.
	 * @param start the first reading
	 */
	public TestClock(Instant start) {
		this.instant = new AtomicReference<>(start);
	}

	/**
	 * Set the reading.
	 * @param epochMillis the new reading
	 */
	public void set(long epochMillis) {
		set(Instant.ofEpochMilli(epochMillis));
	}

	/**
	 * Set the reading.
	 * @param instant the new reading
	 */
	public void set(Instant instant) {
		this.instant.set(instant);
	}

	/**
	 * Move the reading, forward or (negative) back.
	 * @param delta the milliseconds to add
	 */
	public void advance(long delta) {
		advance(Duration.ofMillis(delta));
	}

	/**
	 * Move the reading, forward or (negative) back.
	 * @param delta the time to add
	 */
	public void advance(Duration delta) {
		this.instant.updateAndGet((current) -> current.plus(delta));
	}

	/**
	 * Move the reading by a fixed step after every read.
	 * @param step the milliseconds to add after each read
	 */
	public void stepPerRead(long step) {
		this.stepPerRead = step;
	}

	/**
	 * Run an action once, on the next read, before the clock is read: what happens while
	 * the code under test is at that read, such as another thread's work or a move of the
	 * clock. Exactly one read takes the action, on its own thread; the clock's reads
	 * within the action are ordinary reads. An action that throws makes that read throw
	 * what it threw. An action set again before the next read replaces the one set
	 * before.
	 * @param action the action
	 */
	public void onNextRead(Runnable action) {
		this.onNextRead.set(action);
	}

	/**
	 * Return how often {@link #millis()} or {@link #instant()} was read.
	 * @return the reads
	 */
	public long reads() {
		return this.reads.get();
	}

	@Override
	public long millis() {
		return instant().toEpochMilli();
	}

	@Override
	public Instant instant() {
		Runnable action = this.onNextRead.getAndSet(null);
		if (action != null) {
			action.run();
		}
		this.reads.incrementAndGet();
		long step = this.stepPerRead;
		return (step != 0) ? this.instant.getAndUpdate((current) -> current.plusMillis(step)) : this.instant.get();
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("The zone is passed separately");
	}

}
