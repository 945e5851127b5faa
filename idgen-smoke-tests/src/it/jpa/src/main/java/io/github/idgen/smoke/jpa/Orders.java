package io.github.idgen.smoke.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The orders.
 */
interface Orders extends JpaRepository<PlacedOrder, Long> {

}
