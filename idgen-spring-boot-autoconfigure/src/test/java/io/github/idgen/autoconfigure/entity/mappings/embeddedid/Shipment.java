package io.github.idgen.autoconfigure.entity.mappings.embeddedid;

import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_shipments")
public class Shipment {

	@EmbeddedId
	private ShipmentKey key;

	protected Shipment() {
	}

	public Shipment(Long region) {
		this.key = new ShipmentKey(region);
	}

	public ShipmentKey getKey() {
		return this.key;
	}

}
