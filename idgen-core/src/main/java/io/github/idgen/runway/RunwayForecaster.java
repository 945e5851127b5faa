package io.github.idgen.runway;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.github.idgen.IdLimit;

/**
 * Forecasts when sequences reach their limits. Each call samples the sequence's position
 * and updates its rate; the forecast is the values left divided by that rate, or, for a
 * time-based layout, the time until its timestamp bits run out. For a counter that resets
 * each period it also tells the value the counter reaches by the end of the period, and
 * forecasts the limit only if it is reached before then.
 * <p>
 * Thread-safe. It keeps one {@link RateEstimate} per sequence name it was asked about, so
 * ask about sequences, not about the period counters that come and go.
 */
public final class RunwayForecaster {

	/**
	 * The time over which the rate is weighted: a sample this long ago weighs about a
	 * third of one now.
	 */
	public static final Duration RATE_WINDOW = Duration.ofMinutes(5);

	/**
	 * The longest runway forecast: one that would be longer is reported as not in sight.
	 */
	public static final Duration HORIZON = Duration.ofDays(365L * 10_000);

	private final Clock clock;

	private final ConcurrentMap<String, RateEstimate> rates = new ConcurrentHashMap<>();

	/**
	 * Create a forecaster.
	 * @param clock the clock of the forecasts and of the rate
	 */
	public RunwayForecaster(Clock clock) {
		this.clock = clock;
	}

	/**
	 * Sample a sequence and forecast when it reaches its limit.
	 * @param sequence the sequence name, which keys its rate
	 * @param limit its limit
	 * @param position its position, empty before it issued anything (ignored for a
	 * time-based layout, whose position is the clock)
	 * @return the forecast
	 */
	public Runway forecast(String sequence, IdLimit limit, OptionalLong position) {
		Instant now = this.clock.instant();
		if (limit.kind() == IdLimit.Kind.TIME) {
			return timeForecast(limit, now);
		}
		if (position.isEmpty()) {
			return new Runway(limit, null, null, null, null, null, false, null);
		}
		long at = position.getAsLong();
		Double rate = this.rates.computeIfAbsent(sequence, (key) -> new RateEstimate(RATE_WINDOW)).sample(at, now);
		long remaining = Math.max(0, limit.maxValue() - at);
		boolean exhausted = limit.exhausts() && remaining == 0;
		Duration runway = exhausted ? Duration.ZERO : runway(limit, remaining, rate, now);
		Long projected = (limit.kind() == IdLimit.Kind.PERIOD) ? projected(at, rate, now, limit.end()) : null;
		return new Runway(limit, at, remaining, rate, runway, (runway != null) ? now.plus(runway) : null, exhausted,
				projected);
	}

	private static Runway timeForecast(IdLimit limit, Instant now) {
		long position = limit.positionAt(now);
		boolean exhausted = now.isAfter(limit.end());
		Duration runway = exhausted ? Duration.ZERO : Duration.between(now, limit.end());
		return new Runway(limit, position, limit.maxValue() - position, null, runway, limit.end(), exhausted, null);
	}

	/**
	 * Return the time to the limit at the rate, {@code null} if not in sight.
	 */
	private static Duration runway(IdLimit limit, long remaining, Double rate, Instant now) {
		if (!limit.exhausts() || rate == null || rate <= 0) {
			return null;
		}
		double seconds = remaining / rate;
		if (seconds >= HORIZON.getSeconds()) {
			return null;
		}
		Duration runway = Duration.ofNanos((long) (seconds * 1e9 % 1e9)).plusSeconds((long) seconds);
		if (limit.kind() == IdLimit.Kind.PERIOD && !now.plus(runway).isBefore(limit.end())) {
			return null;
		}
		return runway;
	}

	/**
	 * Return the value a period's counter reaches by the end of the period at the rate.
	 */
	private static long projected(long position, Double rate, Instant now, Instant periodEnd) {
		if (rate == null || rate <= 0 || !now.isBefore(periodEnd)) {
			return position;
		}
		double seconds = Duration.between(now, periodEnd).toNanos() / 1e9;
		double projected = position + rate * seconds;
		return (projected >= Long.MAX_VALUE) ? Long.MAX_VALUE : (long) projected;
	}

}
