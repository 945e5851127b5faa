/**
 * Runway forecasts: how long each sequence can still issue IDs before it reaches its
 * {@link io.github.idgen.IdLimit}, from the rate at which its position advances
 * ({@link io.github.idgen.runway.RunwayForecaster},
 * {@link io.github.idgen.runway.Runway}).
 * <p>
 * Dependencies: {@code io.github.idgen} and the JDK.
 */
package io.github.idgen.runway;
