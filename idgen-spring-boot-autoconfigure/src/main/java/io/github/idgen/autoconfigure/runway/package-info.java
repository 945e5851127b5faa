/**
 * The runway of every sequence as the endpoint, the health and the metrics show it
 * ({@link io.github.idgen.autoconfigure.runway.SequenceRunways}), and the startup check
 * that a configured time-based layout lasts long enough
 * ({@link io.github.idgen.autoconfigure.runway.LayoutRunwayCheck}).
 */
package io.github.idgen.autoconfigure.runway;
