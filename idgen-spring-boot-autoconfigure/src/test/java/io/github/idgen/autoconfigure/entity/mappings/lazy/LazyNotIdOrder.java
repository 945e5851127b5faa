package io.github.idgen.autoconfigure.entity.mappings.lazy;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_lazy_orders")
public class LazyNotIdOrder {

	@Id
	@GeneratedValue
	private Long id;

	@SequenceId("reference")
	private Long reference;

}
