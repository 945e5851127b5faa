package io.github.idgen.autoconfigure.entity.mappings.assigned;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_assigned_orders")
public class AssignedOrder {

	@Id
	@SequenceId(allowAssigned = true)
	private Long id;

	private String note;

	protected AssignedOrder() {
	}

	public AssignedOrder(Long id, String note) {
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
