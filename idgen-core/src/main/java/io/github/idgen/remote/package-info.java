/**
 * A segment store that reserves segments from idgen ID servers over HTTP: the
 * {@link io.github.idgen.remote.RemoteSegmentStore}, which fails over between the
 * {@link io.github.idgen.remote.RemoteServer servers} it is given, so that an application
 * draws IDs from memory with the segment engine's double buffer and needs neither store
 * credentials nor a store library.
 * <p>
 * Dependencies: {@code io.github.idgen}, the SPI of {@code segment}, Spring's
 * {@code RestClient} and the JDK.
 */
package io.github.idgen.remote;
