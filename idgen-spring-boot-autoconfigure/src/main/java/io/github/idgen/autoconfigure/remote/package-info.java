/**
 * Auto-configuration of the {@code remote} backend: segments reserved from idgen ID
 * servers over HTTP ({@code idgen.remote}), so that an application draws IDs from memory
 * without store credentials or a store library.
 */
package io.github.idgen.autoconfigure.remote;
