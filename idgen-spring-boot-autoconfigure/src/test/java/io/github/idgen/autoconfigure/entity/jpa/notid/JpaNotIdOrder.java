package io.github.idgen.autoconfigure.entity.jpa.notid;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;

import io.github.idgen.entity.SequenceId;

@Entity
public class JpaNotIdOrder {

	@Id
	@GeneratedValue
	private Long id;

	@SequenceId("order")
	private Long reference;

}
