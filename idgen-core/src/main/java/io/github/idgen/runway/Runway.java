package io.github.idgen.runway;

import java.time.Duration;
import java.time.Instant;

import io.github.idgen.IdLimit;

/**
 * A forecast of when one sequence reaches its limit.
 *
 * @param limit the limit: its largest value, kind and reason
 * @param position how far the sequence has come
 * ({@link io.github.idgen.SequenceInfo#position()}, or the clock for a time-based
 * layout); {@code null} before it issued anything
 * @param remaining the values left below the limit, {@code null} without a position
 * @param rate the values per second the position advanced by lately (an exponentially
 * weighted rate over {@link RunwayForecaster#RATE_WINDOW}); {@code null} until measured,
 * and for a time-based layout, whose end the clock alone decides
 * @param runway how long until the limit is reached at that rate; zero once exhausted;
 * {@code null} if it is not in sight: no rate yet, no advance, a cyclic sequence, a
 * period that ends first, or further than {@link RunwayForecaster#HORIZON}
 * @param forecast when the limit is reached, {@code null} with {@code runway}
 * @param exhausted whether the sequence has reached a limit that stops it
 * @param projected for a counter that resets each period: the value it reaches by the end
 * of the period at the current rate, {@code null} otherwise
 */
public record Runway(IdLimit limit, Long position, Long remaining, Double rate, Duration runway, Instant forecast,
		boolean exhausted, Long projected) {

	/**
	 * Return whether the sequence reaches its limit sooner than the given time from now:
	 * it is exhausted, or the forecast runway is shorter.
	 * @param threshold how much runway is enough
	 * @return whether the runway is shorter than {@code threshold}
	 */
	public boolean shorterThan(Duration threshold) {
		return this.exhausted || (this.runway != null && this.runway.compareTo(threshold) < 0);
	}

}
