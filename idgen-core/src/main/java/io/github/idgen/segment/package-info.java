/**
 * The segment engine: sequences served from memory out of blocks of IDs
 * ({@link io.github.idgen.segment.Segment}s) that a
 * {@link io.github.idgen.segment.SegmentStore} reserves, double-buffered by a
 * {@link io.github.idgen.segment.SegmentBuffer} per sequence, with its settings, bounds
 * and step policy; {@link io.github.idgen.segment.SegmentSequences} is the runtime wiring
 * of a store as a {@link io.github.idgen.SequenceBackend}. The stores themselves live in
 * the packages of their databases ({@code jdbc}, {@code redis}, {@code mongo});
 * {@code segment.striped} stripes segments over several of them.
 * <p>
 * Dependencies: {@code io.github.idgen}, {@code io.github.idgen.format} (for the period
 * counters of formatted sequences) and {@code io.github.idgen.background} (what runs the
 * fetches), the JDK and SLF4J. No store, no database client.
 */
package io.github.idgen.segment;
