package io.github.idgen.autoconfigure.entity.review.embeddedtext;

import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

@Entity
@Table(name = "review_waybills")
public class Waybill {

	@EmbeddedId
	private WaybillKey key;

	protected Waybill() {
	}

	public Waybill(Long region) {
		this.key = new WaybillKey(region);
	}

}
