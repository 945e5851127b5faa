package io.github.idgen.runway;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The rate at which one sequence's position advances, in values per second, weighted
 * exponentially over time: a sample taken {@code t} seconds after the previous one weighs
 * {@code 1 - exp(-t / window)}, so that the estimate follows the last few windows,
 * however often or seldom it is sampled. A position below the previous one (a new
 * period's counter, a cyclic sequence that started again), or a time not after the
 * previous sample's (a clock stepped back), starts a new baseline and leaves the rate as
 * it was.
 * <p>
 * Thread-safe: every field is guarded by {@link #lock}, taken by whichever thread samples
 * (a health check, a metrics scrape, the actuator endpoint), never by a caller of the
 * sequence.
 */
final class RateEstimate {

	private final double windowSeconds;

	private final ReentrantLock lock = new ReentrantLock();

	private Instant sampledAt;

	private long position;

	private Double rate;

	RateEstimate(Duration window) {
		this.windowSeconds = window.toNanos() / 1e9;
	}

	/**
	 * Take a sample and return the estimate.
	 * @param position the position now
	 * @param now the time
	 * @return values per second, {@code null} until two samples at different times
	 */
	Double sample(long position, Instant now) {
		this.lock.lock();
		try {
			Duration elapsed = (this.sampledAt != null) ? Duration.between(this.sampledAt, now) : Duration.ZERO;
			if (this.sampledAt == null || position < this.position || elapsed.isNegative() || elapsed.isZero()) {
				this.sampledAt = now;
				this.position = position;
				return this.rate;
			}
			double seconds = elapsed.getSeconds() + elapsed.getNano() / 1e9;
			double observed = (position - this.position) / seconds;
			double weight = -Math.expm1(-seconds / this.windowSeconds);
			this.rate = (this.rate != null) ? this.rate + weight * (observed - this.rate) : observed;
			this.sampledAt = now;
			this.position = position;
			return this.rate;
		}
		finally {
			this.lock.unlock();
		}
	}

}
