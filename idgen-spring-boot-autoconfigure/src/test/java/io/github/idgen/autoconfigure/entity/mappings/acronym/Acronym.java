package io.github.idgen.autoconfigure.entity.mappings.acronym;

import jakarta.persistence.Access;
import jakarta.persistence.AccessType;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_acronyms")
@Access(AccessType.PROPERTY)
public class Acronym {

	private Long key;

	@Id
	@SequenceId("acronym")
	public Long getID() {
		return this.key;
	}

	public void setID(Long id) {
		this.key = id;
	}

}
