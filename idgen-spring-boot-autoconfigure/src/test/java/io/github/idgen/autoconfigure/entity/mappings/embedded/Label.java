package io.github.idgen.autoconfigure.entity.mappings.embedded;

import jakarta.persistence.Embeddable;

import io.github.idgen.entity.SequenceId;

@Embeddable
public class Label {

	@SequenceId("tracking")
	private Long tracking;

	public Long getTracking() {
		return this.tracking;
	}

}
