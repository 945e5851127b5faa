package io.github.idgen.autoconfigure.entity.mappings.daily;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_daily_orders")
public class DailyOrder {

	@Id
	@SequenceId("stamp")
	private Long id;

	public Long getId() {
		return this.id;
	}

}
