package io.github.idgen.autoconfigure.entity.jpa.integer;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import io.github.idgen.entity.SequenceId;

@Entity
public class JpaIntegerOrder {

	@Id
	@SequenceId("order")
	private Integer id;

}
