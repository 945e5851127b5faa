/**
 * Text encodings of IDs that keep their order: {@link io.github.idgen.text.IdCodec}
 * writes an ID as a fixed-width string in Crockford's Base32 or in Base62, whose
 * {@code String} order is the numeric order of the IDs, and reads it back.
 * <p>
 * Dependencies: the JDK and {@code io.github.idgen} (to quote invalid input in messages)
 * only.
 */
package io.github.idgen.text;
