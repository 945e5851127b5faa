package io.github.idgen.autoconfigure.runway;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.Period;
import java.time.ZoneOffset;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Fails the startup if a configured time-based layout runs out sooner than
 * {@code idgen.runway.minimum} from today, so that a layout or epoch that would expire in
 * production is caught when it is configured, not when its IDs turn negative.
 */
public final class LayoutRunwayCheck {

	private LayoutRunwayCheck() {
	}

	/**
	 * Check a layout's end.
	 * @param property the property that configures the layout, such as
	 * {@code idgen.snowflake}
	 * @param layout the layout in words, such as {@code 41/0/10/12 from 2025-01-01}
	 * @param lastTime the last millisecond its timestamp bits hold
	 * @param properties the runway settings
	 * @param clock the clock that tells today
	 * @throws IdGeneratorConfigurationException if the layout ends sooner than the
	 * minimum
	 */
	public static void check(String property, String layout, Instant lastTime, IdGeneratorProperties properties,
			Clock clock) {
		Period minimum = properties.getRunway().getMinimum();
		if (minimum == null || minimum.isNegative()) {
			throw new IdGeneratorConfigurationException("idgen.runway.minimum", minimum,
					"idgen.runway.minimum is " + minimum + ", but it must be a period of zero or more.",
					"Set idgen.runway.minimum to a period such as 10y (the default) or 0d to check nothing.");
		}
		Instant now = clock.instant();
		Instant required;
		try {
			required = now.atOffset(ZoneOffset.UTC).plus(minimum).toInstant();
		}
		catch (DateTimeException ex) {
			throw new IdGeneratorConfigurationException("idgen.runway.minimum", minimum,
					"idgen.runway.minimum is " + minimum + ", which reaches beyond the dates Java can hold.",
					"Set idgen.runway.minimum to a period such as 10y (the default).", ex);
		}
		if (lastTime.isBefore(required)) {
			throw new IdGeneratorConfigurationException(property, layout, "The layout " + layout + " (" + property
					+ ") runs out at " + lastTime + ", "
					+ (lastTime.isAfter(now) ? "less than idgen.runway.minimum (" + minimum + ") from now (" + now + ")"
							: "which has passed (now is " + now + ")")
					+ ": after it no ID can be composed.",
					"Set " + property + ".epoch closer to today or give " + property
							+ ".timestamp-bits more bits, or lower idgen.runway.minimum if the IDs are meant to last "
							+ "less than " + minimum + ".");
		}
	}

}
