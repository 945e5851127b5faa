package io.github.idgen.autoconfigure.entity.mappings.hostile;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "\"audit@entries\"")
public class AuditEntry {

	@Id
	@SequenceId
	private Long id;

	public Long getId() {
		return this.id;
	}

}
