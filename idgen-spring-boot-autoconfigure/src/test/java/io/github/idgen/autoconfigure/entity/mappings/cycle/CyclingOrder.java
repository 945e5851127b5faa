package io.github.idgen.autoconfigure.entity.mappings.cycle;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_cycling_orders")
public class CyclingOrder {

	@Id
	@SequenceId("small")
	private Long id;

	public Long getId() {
		return this.id;
	}

}
