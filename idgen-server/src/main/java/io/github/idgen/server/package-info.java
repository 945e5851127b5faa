/**
 * The runnable ID server: an idgen application that serves its sequences over HTTP, on an
 * embedded H2 file database unless told another store.
 */
package io.github.idgen.server;
