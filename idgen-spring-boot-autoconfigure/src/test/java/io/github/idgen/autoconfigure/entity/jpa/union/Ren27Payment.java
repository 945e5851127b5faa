package io.github.idgen.autoconfigure.entity.jpa.union;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;

import io.github.idgen.entity.SequenceId;

/**
 * The abstract root of a table-per-class hierarchy: it has no table of its own, and its
 * concrete entities draw from the sequence named after the root's table name.
 */
@Entity
@Inheritance(strategy = InheritanceType.TABLE_PER_CLASS)
public abstract class Ren27Payment {

	@Id
	@SequenceId
	private Long id;

	public Long getId() {
		return this.id;
	}

}
