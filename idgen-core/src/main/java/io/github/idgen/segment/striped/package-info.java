/**
 * Segments striped over several independent stores, so that IDs are served while at least
 * one of them answers: {@link io.github.idgen.segment.striped.StripedSegmentStore} is a
 * {@link io.github.idgen.segment.SegmentStore} over a list of
 * {@link io.github.idgen.segment.striped.StripeStore}s, each of which hands out only the
 * IDs of its own stripe ({@link io.github.idgen.segment.striped.StripeLayout}), and
 * records the layout in every store so that the number of stores can change while
 * instances run.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.segment},
 * {@code io.github.idgen.background} (what runs the checks of stores that are down), the
 * JDK and SLF4J. No store, no database client: the stores implement
 * {@link io.github.idgen.segment.striped.StripeStore} in the packages of their databases.
 */
package io.github.idgen.segment.striped;
