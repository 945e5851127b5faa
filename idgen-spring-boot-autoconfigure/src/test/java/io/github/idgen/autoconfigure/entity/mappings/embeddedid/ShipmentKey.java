package io.github.idgen.autoconfigure.entity.mappings.embeddedid;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Embeddable;

import io.github.idgen.entity.SequenceId;

@Embeddable
public class ShipmentKey implements Serializable {

	private Long region;

	@SequenceId("shipment")
	private Long number;

	protected ShipmentKey() {
	}

	public ShipmentKey(Long region) {
		this.region = region;
	}

	public Long getNumber() {
		return this.number;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof ShipmentKey key && Objects.equals(this.region, key.region)
				&& Objects.equals(this.number, key.number);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.region, this.number);
	}

}
