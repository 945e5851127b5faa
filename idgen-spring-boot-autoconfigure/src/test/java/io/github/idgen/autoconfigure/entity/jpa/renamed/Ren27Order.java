package io.github.idgen.autoconfigure.entity.jpa.renamed;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import io.github.idgen.entity.SequenceId;

/**
 * An entity whose table, and so whose default sequence, the naming strategy names:
 * {@code ren27_order} under Spring Boot's default, {@code Ren27Order} under Hibernate's
 * standard strategy.
 */
@Entity
public class Ren27Order {

	@Id
	@SequenceId
	private Long id;

	private String note;

	protected Ren27Order() {
	}

	public Ren27Order(String note) {
		this.note = note;
	}

	public Long getId() {
		return this.id;
	}

	public String getNote() {
		return this.note;
	}

}
