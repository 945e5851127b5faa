package io.github.idgen.autoconfigure.entity.mappings.joined;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_vehicles")
@Inheritance(strategy = InheritanceType.JOINED)
public abstract class Vehicle {

	@Id
	@SequenceId
	private Long id;

	public Long getId() {
		return this.id;
	}

}
