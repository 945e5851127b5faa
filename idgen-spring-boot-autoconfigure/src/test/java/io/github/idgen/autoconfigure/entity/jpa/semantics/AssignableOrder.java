package io.github.idgen.autoconfigure.entity.jpa.semantics;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "sem27_assignable_orders")
public class AssignableOrder implements Order {

	@Id
	@SequenceId(value = "sem27-assignable", allowAssigned = true)
	private Long id;

	private String note;

	protected AssignableOrder() {
	}

	public AssignableOrder(Long id, String note) {
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
