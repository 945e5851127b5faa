package io.github.idgen.test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Clock} for tests that reads a settable millisecond and can move forward by a
 * fixed step on every read.
 */
public final class TestClock extends Clock {

	private final AtomicLong millis;

	private final AtomicLong reads = new AtomicLong();

	private volatile long stepPerRead;

	/**
	 * Create a clock that reads {@code start} until it is set, advanced or stepped.
	 * @param start the first reading
	 */
	public TestClock(Instant start) {
		this.millis = new AtomicLong(start.toEpochMilli());
	}

	/**
	 * Set the reading.
	 * @param epochMillis the new reading
	 */
	public void set(long epochMillis) {
		this.millis.set(epochMillis);
	}

	/**
	 * Move the reading, forward or (negative) back.
	 * @param delta the milliseconds to add
	 */
	public void advance(long delta) {
		this.millis.addAndGet(delta);
	}

	/**
	 * Move the reading by a fixed step after every read of {@link #millis()}.
	 * @param step the milliseconds to add after each read
	 */
	public void stepPerRead(long step) {
		this.stepPerRead = step;
	}

	/**
	 * Return how often {@link #millis()} was read.
	 * @return the reads
	 */
	public long reads() {
		return this.reads.get();
	}

	@Override
	public long millis() {
		this.reads.incrementAndGet();
		return this.millis.getAndAdd(this.stepPerRead);
	}

	@Override
	public Instant instant() {
		return Instant.ofEpochMilli(this.millis.get());
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException();
	}

}
