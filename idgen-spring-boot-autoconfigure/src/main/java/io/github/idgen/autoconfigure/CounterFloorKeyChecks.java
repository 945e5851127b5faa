package io.github.idgen.autoconfigure;

import io.github.idgen.segment.KeyCheckStore;

/**
 * The key check values kept in the durable store of a counter floor, for a backend that
 * keeps its counters where they can be lost (Redis without persistence): a loss there
 * does not forget the values, so an instance with another key or permutation is refused
 * after it as before it.
 *
 * @param store the key check values, next to the floor
 */
public record CounterFloorKeyChecks(KeyCheckStore store) {

}
