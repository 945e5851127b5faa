package io.github.idgen.autoconfigure.entity.mappings.embeddedtext;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Embeddable;

import io.github.idgen.entity.SequenceId;

@Embeddable
public class WaybillKey implements Serializable {

	private Long region;

	@SequenceId("waybill")
	private String number;

	protected WaybillKey() {
	}

	public WaybillKey(Long region) {
		this.region = region;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof WaybillKey key && Objects.equals(this.region, key.region)
				&& Objects.equals(this.number, key.number);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.region, this.number);
	}

}
