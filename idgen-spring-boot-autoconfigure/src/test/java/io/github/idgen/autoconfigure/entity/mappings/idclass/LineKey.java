package io.github.idgen.autoconfigure.entity.mappings.idclass;

import java.io.Serializable;
import java.util.Objects;

public class LineKey implements Serializable {

	private Long orderId;

	private Long line;

	@Override
	public boolean equals(Object other) {
		return other instanceof LineKey key && Objects.equals(this.orderId, key.orderId)
				&& Objects.equals(this.line, key.line);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.orderId, this.line);
	}

}
