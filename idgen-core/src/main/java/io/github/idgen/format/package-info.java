/**
 * Formatted business numbers such as {@code ORD20261121000001}: a pattern of literal
 * text, date/time fields and one sequence token, with counters that restart every day,
 * month or year, and a keyed permutation of a sequence field's values
 * ({@link io.github.idgen.format.DigitPermutation}, FF1) that hides how many were
 * counted.
 * <p>
 * Dependencies: {@code io.github.idgen} (a formatted sequence wraps a
 * {@link io.github.idgen.Sequence}) and the JDK only.
 */
package io.github.idgen.format;
