package io.github.idgen.autoconfigure.entity.mappings.generic;

import java.io.Serializable;

import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

import io.github.idgen.entity.SequenceId;

@MappedSuperclass
public abstract class BaseEntity<ID extends Serializable> {

	@Id
	@SequenceId("generic")
	private ID id;

	public ID getId() {
		return this.id;
	}

}
