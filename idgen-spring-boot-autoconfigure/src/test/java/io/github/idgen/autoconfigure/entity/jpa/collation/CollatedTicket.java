package io.github.idgen.autoconfigure.entity.jpa.collation;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

/**
 * A JPA entity whose {@code String} identifier is drawn as text from its table's
 * sequence, {@code idgen27_collated_tickets}.
 */
@Entity
@Table(name = "idgen27_collated_tickets")
public class CollatedTicket {

	@Id
	@SequenceId
	@Column(length = 13)
	private String code;

	public String getCode() {
		return this.code;
	}

}
