package io.github.idgen.sample;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The sample's orders.
 */
interface OrderRepository extends JpaRepository<Order, Long> {

	/**
	 * Return the ten orders placed last.
	 * @return the orders, newest first
	 */
	List<Order> findTop10ByOrderByIdDesc();

}
