package io.github.idgen.autoconfigure.entity.jpa.manual;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "manual_orders")
public class ManualOrder {

	@Id
	@SequenceId
	private Long id;

	private String note;

	protected ManualOrder() {
	}

	public ManualOrder(Long id, String note) {
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
