package io.github.idgen.smoke.r2dbc;

import org.springframework.data.repository.reactive.ReactiveCrudRepository;

/**
 * The orders.
 */
interface Orders extends ReactiveCrudRepository<PlacedOrder, Long> {

}
