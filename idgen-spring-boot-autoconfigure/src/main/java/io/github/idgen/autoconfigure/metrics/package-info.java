/**
 * The idgen Micrometer metrics: one observer per backend that registers the meters of its
 * sequences and records fetches, waits, clock jumps and lease state. Depends on the root
 * auto-configuration package and Micrometer.
 */
package io.github.idgen.autoconfigure.metrics;
