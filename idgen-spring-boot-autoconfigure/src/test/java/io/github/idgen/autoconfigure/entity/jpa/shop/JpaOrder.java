package io.github.idgen.autoconfigure.entity.jpa.shop;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "jpa_orders")
public class JpaOrder {

	@Id
	@SequenceId("order")
	private Long id;

	private String note;

	protected JpaOrder() {
	}

	public JpaOrder(String note) {
		this.note = note;
	}

	public JpaOrder(Long id, String note) {
		this.id = id;
		this.note = note;
	}

	public Long getId() {
		return this.id;
	}

	public String getNote() {
		return this.note;
	}

}
