package io.github.idgen.autoconfigure.entity.mappings.embeddedtext;

import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

@Entity
@Table(name = "mapped_waybills")
public class Waybill {

	@EmbeddedId
	private WaybillKey key;

	protected Waybill() {
	}

	public Waybill(Long region) {
		this.key = new WaybillKey(region);
	}

}
