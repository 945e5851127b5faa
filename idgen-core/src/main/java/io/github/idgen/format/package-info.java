/**
 * Formatted business numbers such as {@code ORD20261121000001}: a pattern of literal
 * text, date/time fields and one sequence token, with counters that restart every day,
 * month or year.
 * <p>
 * Dependencies: {@code io.github.idgen} (a formatted sequence wraps a
 * {@link io.github.idgen.Sequence}) and the JDK only.
 */
package io.github.idgen.format;
