package io.github.idgen.autoconfigure.entity.mappings.embedded;

import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

@Entity
@Table(name = "mapped_parcels")
public class Parcel {

	@Id
	@SequenceId("parcel")
	private Long id;

	@Embedded
	private Label label = new Label();

	public Long getId() {
		return this.id;
	}

	public Label getLabel() {
		return this.label;
	}

}
