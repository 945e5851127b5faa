package io.github.idgen.autoconfigure.entity.mappings.generic;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_generic_orders")
public class GenericOrder extends BaseEntity<Long> {

	private String note;

	public String getNote() {
		return this.note;
	}

}
