package io.github.idgen.autoconfigure.entity.jpa.shop;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "jpa_tickets")
public class JpaTicket {

	@Id
	@SequenceId
	private long id;

	public long getId() {
		return this.id;
	}

}
