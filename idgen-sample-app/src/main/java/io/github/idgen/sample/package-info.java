/**
 * The idgen sample application: IDs of its configured sequences over HTTP and a live page
 * of each sequence's state, and orders whose JPA identifiers idgen draws
 * ({@code @SequenceId}), on an embedded H2 database by default.
 */
package io.github.idgen.sample;
