package io.github.idgen.autoconfigure.entity.jpa.catalog;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

/**
 * A JPA entity whose {@code String} identifier is drawn as text from its table's
 * sequence, {@code idgen27_catalog_tickets}, in a database of its own on MariaDB
 * ({@code idgen27_catalog}), not the connection's.
 */
@Entity
@Table(name = "idgen27_catalog_tickets", catalog = "idgen27_catalog")
public class CatalogTicket {

	@Id
	@SequenceId
	@Column(length = 13)
	private String code;

	public String getCode() {
		return this.code;
	}

}
