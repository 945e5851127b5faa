/**
 * The history of every call a fault scenario makes (invoked, its ID or its failure type),
 * recorded in a memory-mapped file that survives {@code kill -9}, and the checker that
 * counts attempted and acknowledged IDs, duplicates, monotonicity violations and gaps.
 */
package io.github.idgen.test.history;
