package io.github.idgen.format;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link Clock} test double that stands still until it is set or advanced, and counts
 * how often it is read. Its zone is UTC and cannot be changed: code under test is given
 * its zone separately.
 */
class MutableClock extends Clock {

	private volatile Instant instant;

	private final AtomicInteger reads = new AtomicInteger();

	MutableClock(Instant instant) {
		this.instant = instant;
	}

	void set(Instant instant) {
		this.instant = instant;
	}

	void advance(Duration duration) {
		this.instant = this.instant.plus(duration);
	}

	int reads() {
		return this.reads.get();
	}

	@Override
	public Instant instant() {
		this.reads.incrementAndGet();
		return this.instant;
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
