package io.github.idgen.autoconfigure.entity.jpa.semantics;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/**
 * The same entity as {@link SemanticsOrder} with Hibernate's own sequence generator: what
 * {@code @SequenceId} behaves like by default.
 */
@Entity
@Table(name = "sem27_generator_orders")
public class GeneratorOrder implements Order {

	@Id
	@GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sem27")
	@SequenceGenerator(name = "sem27", sequenceName = "sem27_generator_seq", allocationSize = 50)
	private Long id;

	private String note;

	protected GeneratorOrder() {
	}

	public GeneratorOrder(Long id, String note) {
		this.id = id;
		this.note = note;
	}

	@Override
	public Long getId() {
		return this.id;
	}

	@Override
	public String getNote() {
		return this.note;
	}

	@Override
	public void setNote(String note) {
		this.note = note;
	}

}
