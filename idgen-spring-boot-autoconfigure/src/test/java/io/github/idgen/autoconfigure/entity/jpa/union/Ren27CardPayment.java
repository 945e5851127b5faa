package io.github.idgen.autoconfigure.entity.jpa.union;

import jakarta.persistence.Entity;

/**
 * A concrete entity of a table-per-class hierarchy, in a table of its own.
 */
@Entity
public class Ren27CardPayment extends Ren27Payment {

	private String card;

	protected Ren27CardPayment() {
	}

	public Ren27CardPayment(String card) {
		this.card = card;
	}

	public String getCard() {
		return this.card;
	}

}
