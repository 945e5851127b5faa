/**
 * The API of idgen and what every backend shares: {@link io.github.idgen.IdGenerator} and
 * {@link io.github.idgen.DefaultIdGenerator}, {@link io.github.idgen.Sequence} and its
 * {@link io.github.idgen.SequenceInfo}, the backend SPI
 * ({@link io.github.idgen.SequenceBackend}, {@link io.github.idgen.SequenceFactory},
 * {@link io.github.idgen.SequenceObserver}), the rules for sequence names
 * ({@link io.github.idgen.SequenceNames}), the exceptions callers catch, and the bit
 * arithmetic of the time-based layouts ({@link io.github.idgen.BitFields}).
 * <p>
 * Dependencies: the JDK and SLF4J, and {@code io.github.idgen.format} only, whose
 * formatted sequences {@link io.github.idgen.DefaultIdGenerator} serves; {@code format}
 * builds on {@link io.github.idgen.Sequence} in turn, the one cycle between packages of
 * idgen-core. Every other package of idgen-core depends on this one, never the reverse.
 */
package io.github.idgen;
