/**
 * Formatted business numbers such as {@code ORD20261121000001}: a pattern of literal
 * text, date/time fields and one sequence token, with counters that restart every day,
 * month or year.
 */
package io.github.idgen.format;
