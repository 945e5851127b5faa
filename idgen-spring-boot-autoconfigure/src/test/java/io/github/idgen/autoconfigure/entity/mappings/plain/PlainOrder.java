package io.github.idgen.autoconfigure.entity.mappings.plain;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_plain_orders")
public class PlainOrder {

	@Id
	@SequenceId
	private Long id;

	private String note;

	protected PlainOrder() {
	}

	public PlainOrder(Long id, String note) {
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
