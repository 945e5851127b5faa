package io.github.idgen.autoconfigure.entity.mappings.idclass;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_order_lines")
@IdClass(LineKey.class)
public class OrderLine {

	@Id
	private Long orderId;

	@Id
	@SequenceId("line")
	private Long line;

	protected OrderLine() {
	}

	public OrderLine(Long orderId) {
		this.orderId = orderId;
	}

	public Long getLine() {
		return this.line;
	}

}
