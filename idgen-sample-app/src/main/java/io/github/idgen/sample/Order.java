package io.github.idgen.sample;

import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

/**
 * An order placed through the sample's page: its identifier is drawn by idgen from the
 * sequence named after its table, {@code orders}, when it is first persisted; its order
 * number, such as {@code ORD20261126384920}, is an obfuscated daily number of the
 * sequence {@code order-number}, which tells customers nothing of how many orders were
 * placed.
 */
@Entity
@Table(name = "orders")
class Order {

	@Id
	@SequenceId
	private Long id;

	private String orderNumber;

	private String customer;

	private Instant placedAt;

	protected Order() {
	}

	Order(String orderNumber, String customer, Instant placedAt) {
		this.orderNumber = orderNumber;
		this.customer = customer;
		this.placedAt = placedAt;
	}

	Long getId() {
		return this.id;
	}

	String getOrderNumber() {
		return this.orderNumber;
	}

	String getCustomer() {
		return this.customer;
	}

	Instant getPlacedAt() {
		return this.placedAt;
	}

}
