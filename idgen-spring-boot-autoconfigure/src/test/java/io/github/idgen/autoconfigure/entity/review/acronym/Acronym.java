package io.github.idgen.autoconfigure.entity.review.acronym;

import jakarta.persistence.Access;
import jakarta.persistence.AccessType;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "review_acronyms")
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
