package io.github.idgen.snowflake;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Clock} for tests that reads a settable millisecond and can move forward by a
 * fixed step on every read.
 */
final class TestClock extends Clock {

	private final AtomicLong millis;

	private final AtomicLong reads = new AtomicLong();

	private volatile long stepPerRead;

	TestClock(Instant start) {
		this.millis = new AtomicLong(start.toEpochMilli());
	}

	void set(long epochMillis) {
		this.millis.set(epochMillis);
	}

	void advance(long delta) {
		this.millis.addAndGet(delta);
	}

	void stepPerRead(long step) {
		this.stepPerRead = step;
	}

	long reads() {
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
