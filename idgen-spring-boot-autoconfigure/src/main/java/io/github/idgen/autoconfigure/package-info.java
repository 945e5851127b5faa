/**
 * The idgen auto-configuration: what every backend shares.
 * {@link io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration} routes each sequence
 * to the {@link io.github.idgen.autoconfigure.IdGeneratorBackend} that serves it;
 * {@link io.github.idgen.autoconfigure.IdGeneratorProperties} binds the common
 * {@code idgen} properties (backend choice, segment defaults, sequences, metrics);
 * {@link io.github.idgen.autoconfigure.Backend} describes each backend once.
 * <p>
 * Each backend lives in a package of its own,
 * {@code io.github.idgen.autoconfigure.<name>} for each
 * {@link io.github.idgen.autoconfigure.Backend}, with its auto-configuration, its
 * properties and its checks; it may depend on this package and on idgen-core, never on
 * another backend's package. This package depends on no backend package. Features that
 * span the backends are packages of their own: {@code endpoint}, {@code health},
 * {@code metrics}, {@code diagnostics}.
 */
package io.github.idgen.autoconfigure;
