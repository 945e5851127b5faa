package io.github.idgen.autoconfigure.entity.jpa.semantics;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "sem27_lines")
public class OrderLine {

	@Id
	@SequenceId("sem27-line")
	private Long id;

	@ManyToOne(fetch = FetchType.LAZY)
	private SemanticsOrder order;

	protected OrderLine() {
	}

	public OrderLine(SemanticsOrder order) {
		this.order = order;
	}

	public Long getId() {
		return this.id;
	}

}
