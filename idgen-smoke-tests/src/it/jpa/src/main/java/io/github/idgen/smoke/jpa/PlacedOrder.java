package io.github.idgen.smoke.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

/**
 * An order, its identifier drawn from the sequence {@code orders}, named after its table.
 */
@Entity
@Table(name = "orders")
class PlacedOrder {

	@Id
	@SequenceId
	private Long id;

	private String customer;

	protected PlacedOrder() {
	}

	PlacedOrder(String customer) {
		this.customer = customer;
	}

	Long getId() {
		return this.id;
	}

	String getCustomer() {
		return this.customer;
	}

}
