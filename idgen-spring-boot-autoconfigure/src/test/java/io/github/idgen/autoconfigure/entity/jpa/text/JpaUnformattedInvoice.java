package io.github.idgen.autoconfigure.entity.jpa.text;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import io.github.idgen.entity.SequenceId;

@Entity
public class JpaUnformattedInvoice {

	@Id
	@SequenceId("invoice")
	private String number;

}
