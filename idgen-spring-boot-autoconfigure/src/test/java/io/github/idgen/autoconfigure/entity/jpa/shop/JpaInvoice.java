package io.github.idgen.autoconfigure.entity.jpa.shop;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "jpa_invoices")
public class JpaInvoice {

	@Id
	@SequenceId("invoice")
	private String number;

	public String getNumber() {
		return this.number;
	}

}
