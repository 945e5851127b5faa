package io.github.idgen.smoke.datajdbc;

import org.springframework.data.repository.CrudRepository;

/**
 * The orders.
 */
interface Orders extends CrudRepository<PlacedOrder, Long> {

}
