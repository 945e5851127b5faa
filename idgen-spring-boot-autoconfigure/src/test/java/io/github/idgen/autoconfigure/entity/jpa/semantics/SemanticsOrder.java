package io.github.idgen.autoconfigure.entity.jpa.semantics;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "sem27_orders")
public class SemanticsOrder implements Order {

	@Id
	@SequenceId("sem27-order")
	private Long id;

	private String note;

	protected SemanticsOrder() {
	}

	public SemanticsOrder(Long id, String note) {
		this.id = id;
		this.note = note;
	}

	@Override
	public Long getId() {
		return this.id;
	}

	@Override
	public String getNote() {
		return this.note;
	}

	@Override
	public void setNote(String note) {
		this.note = note;
	}

}
