package io.github.idgen.smoke.mybatis;

import io.github.idgen.entity.SequenceId;

/**
 * An order, its identifier drawn from the sequence {@code orders}.
 */
public class PlacedOrder {

	@SequenceId("orders")
	private Long id;

	private final String customer;

	PlacedOrder(String customer) {
		this.customer = customer;
	}

	public Long getId() {
		return this.id;
	}

	public String getCustomer() {
		return this.customer;
	}

}
