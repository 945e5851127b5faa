package io.github.idgen.sample;

import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

/**
 * An order placed through the sample's page: its identifier is drawn by idgen from the
 * sequence named after its table, {@code orders}, when it is first persisted.
 */
@Entity
@Table(name = "orders")
class Order {

	@Id
	@SequenceId
	private Long id;

	private String customer;

	private Instant placedAt;

	protected Order() {
	}

	Order(String customer, Instant placedAt) {
		this.customer = customer;
		this.placedAt = placedAt;
	}

	Long getId() {
		return this.id;
	}

	String getCustomer() {
		return this.customer;
	}

	Instant getPlacedAt() {
		return this.placedAt;
	}

}
