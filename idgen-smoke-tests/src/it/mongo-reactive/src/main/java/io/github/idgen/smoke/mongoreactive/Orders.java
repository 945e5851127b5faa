package io.github.idgen.smoke.mongoreactive;

import org.springframework.data.repository.reactive.ReactiveCrudRepository;

/**
 * The orders.
 */
interface Orders extends ReactiveCrudRepository<PlacedOrder, Long> {

}
